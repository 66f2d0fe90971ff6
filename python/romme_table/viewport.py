"""Big windows: below 1280x800 the scenes draw straight into the window; above it they draw at
a logical size near 1280x800 and the picture is scaled up, so cards and letters grow with the
window (at 2560x1440 everything is twice as big) instead of shrinking into a corner."""

from __future__ import annotations

from dataclasses import replace

import pygame

from .intents import Intent

BASE_W, BASE_H = 1280, 800


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger than the base size the window is (never below 1)."""
    return max(1.0, min(size[0] / BASE_W, size[1] / BASE_H))


class Viewport:
    """The window surface, the surface the scenes draw on, and the mapping between them."""

    def __init__(self, window: pygame.Surface) -> None:
        self.set_window(window)

    def set_window(self, window: pygame.Surface) -> None:
        self.window = window
        self.scale = ui_scale(window.get_size())
        w, h = window.get_size()
        if self.scale == 1.0:
            self.surface = window
        else:
            self.surface = pygame.Surface((round(w / self.scale), round(h / self.scale))).convert()

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes lay out for."""
        return self.surface.get_size()

    def to_logical(self, intent: Intent) -> Intent:
        """A mouse intent at window pixels, moved to the scenes' pixels."""
        if intent.pos is None or self.scale == 1.0:
            return intent
        x, y = intent.pos
        return replace(intent, pos=(int(x / self.scale), int(y / self.scale)))

    def present(self, moving: bool = False) -> None:
        """Copies the scenes' picture into the window (scaled when the window is big). While cards
        fly (``moving``) the plain scale is used: smoothscale to 1920x1080 costs 6-10 ms a frame on a
        busy machine, too much for 60 frames a second, and the eye does not see its finer edges on
        a moving picture; the still picture is smooth again."""
        if self.surface is self.window:
            return
        if moving:
            pygame.transform.scale(self.surface, self.window.get_size(), self.window)
        else:
            pygame.transform.smoothscale(self.surface, self.window.get_size(), self.window)
