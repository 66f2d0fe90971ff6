"""The window: one loop that polls intents, updates and draws the scene stack."""

from __future__ import annotations

import os

import pygame

from . import intents
from .scenes import SceneStack, StartModel, StartScene


def no_display_reason() -> str | None:
    """Why no window can open here, or None if one can."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if os.name == "posix" and headless and os.uname().sysname != "Darwin":
        return "no display found (DISPLAY is not set)"
    return None


def start_model(game: str | None = None, seed: int | str | None = None, lang: str = "en") -> StartModel:
    """The start screen's settings for ``romme gui --game G --seed S`` (seats that fit G)."""
    model = StartModel(seed=seed)
    if game:
        model.set_game(game)
    model.localize(lang)
    return model


def run(
    size: tuple[int, int] = (1100, 720),
    lang: str = "en",
    game: str | None = None,
    frames: int | None = None,
    screenshot: str | None = None,
    seed: int | str | None = None,
) -> None:
    """Opens the table; ``frames`` limits the loop (tests), ``screenshot`` saves the last frame."""
    model = start_model(game, seed, lang)  # an unknown game is refused before a window opens
    pygame.display.init()
    pygame.font.init()
    try:
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.quit()
        raise RuntimeError(f"cannot open a window: {exc}") from None
    pygame.display.set_caption("romme")
    app = SceneStack(size, lang)
    app.push(StartScene(model))
    clock = pygame.time.Clock()
    n = 0
    while app.running and app.stack and (frames is None or n < frames):
        for intent in intents.poll():
            if intent.name == "resize":
                surface = pygame.display.set_mode(intent.value, pygame.RESIZABLE)
            app.handle(intent)
        dt = clock.tick(60) / 1000.0
        app.update(dt)
        if app.stack:
            app.draw(surface)
        pygame.display.flip()
        n += 1
    if screenshot:
        pygame.image.save(surface, screenshot)
    while app.stack:
        app.pop()
    pygame.quit()
