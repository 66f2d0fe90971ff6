"""The one place that reads pygame events and turns them into intents.

Scenes never look at raw events; tests feed intents directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame


@dataclass(frozen=True)
class Intent:
    """Something the player wants: ``name`` plus an optional position/value."""

    name: str
    pos: tuple[int, int] | None = None
    value: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


KEYS = {
    pygame.K_h: "hint",
    pygame.K_u: "undo",
    pygame.K_s: "save",
    pygame.K_l: "load",
    pygame.K_n: "new",
    pygame.K_o: "sort",
    pygame.K_r: "reset",
    pygame.K_d: "draw",
    pygame.K_x: "discard",
    pygame.K_k: "knock",
    pygame.K_p: "pass",
    pygame.K_m: "meld",
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_SPACE: "toggle",
    pygame.K_RETURN: "confirm",
    pygame.K_KP_ENTER: "confirm",
    pygame.K_ESCAPE: "back",
    pygame.K_TAB: "next",
    pygame.K_PLUS: "faster",
    pygame.K_KP_PLUS: "faster",
    pygame.K_MINUS: "slower",
    pygame.K_KP_MINUS: "slower",
    pygame.K_g: "language",
    pygame.K_e: "end_turn",
    pygame.K_t: "table",
    pygame.K_PAGEDOWN: "page_down",
    pygame.K_PAGEUP: "page_up",
    pygame.K_HOME: "log_older",  # the move log: a page of older moves
    pygame.K_END: "log_newest",  # the move log back at the newest moves
    pygame.K_F1: "rules",
    pygame.K_F11: "fullscreen",
    pygame.K_f: "skip",  # the flights of the other seats' cards land at once
    pygame.K_a: "anim_speed",
}


def from_event(event: pygame.event.Event) -> Intent | None:
    """The intent of one pygame event, or None if it means nothing here."""
    if event.type == pygame.QUIT:
        return Intent("quit")
    if event.type == pygame.VIDEORESIZE:
        return Intent("resize", value=(event.w, event.h))
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return Intent("press", pos=event.pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return Intent("release", pos=event.pos)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        return Intent("toggle_at", pos=event.pos)
    if event.type == pygame.MOUSEWHEEL:
        return Intent("scroll", value=int(event.y))
    if event.type == pygame.MOUSEMOTION:
        return Intent("drag" if event.buttons[0] else "hover", pos=event.pos)
    if event.type == pygame.TEXTINPUT:
        return Intent("text", value=event.text)
    if event.type == pygame.KEYDOWN:
        if event.key == pygame.K_BACKSPACE:
            return Intent("backspace")
        if event.key == pygame.K_F2:
            return Intent("rename")
        if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            return Intent("previous")
        if pygame.K_1 <= event.key <= pygame.K_9:
            return Intent("action", value=event.key - pygame.K_1)
        if event.key == pygame.K_0:  # the tenth action
            return Intent("action", value=9)
        name = KEYS.get(event.key)
        if name == "faster" or (event.key == pygame.K_EQUALS):
            return Intent("faster")
        if name:
            return Intent(name)
    return None


def poll() -> list[Intent]:
    """Every intent waiting in pygame's event queue."""
    return [i for i in (from_event(e) for e in pygame.event.get()) if i is not None]
