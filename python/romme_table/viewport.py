"""Big windows: the scenes lay out at the window's own size, with everything in proportion to a window of
about 1280x800 grown by :func:`ui_scale` (at 1920x1080 print and cards 1.35 times as large, at 2560x1440 1.8
times), so they fill the window instead of shrinking into a corner. Text is rendered at its grown size
(:func:`.scenes.use_scale`) and the picture is never scaled: letters and cards stay sharp."""

from __future__ import annotations

import pygame

from .intents import Intent
from .scenes import BASE_H, BASE_W, ui_scale, use_scale

__all__ = ["BASE_H", "BASE_W", "Viewport", "ui_scale"]


class Viewport:
    """The window surface the scenes draw on, at the window's size."""

    def __init__(self, window: pygame.Surface) -> None:
        self.set_window(window)

    def set_window(self, window: pygame.Surface) -> None:
        self.window = window
        self.surface = window
        self.scale = use_scale(window.get_size())

    @property
    def size(self) -> tuple[int, int]:
        """The size the scenes lay out for."""
        return self.surface.get_size()

    def to_logical(self, intent: Intent) -> Intent:
        """A mouse intent in the scenes' pixels (the window's own)."""
        return intent

    def present(self, moving: bool = False) -> None:
        """The scenes drew into the window itself: nothing to copy."""
