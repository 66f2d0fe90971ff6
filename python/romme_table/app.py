"""The window: one loop that polls intents, updates and draws the scene stack."""

from __future__ import annotations

import os
import sys
import warnings
from pathlib import Path

import pygame

from . import autosave, intents, settings_store
from .cards_draw import font
from .i18n import t
from .layout import MIN_H, MIN_W
from .scenes import FELT, TEXT, SceneStack
from .start_screen import StartModel, StartScene
from .viewport import Viewport


def no_display_reason() -> str | None:
    """Why no window can open here, or None if one can."""
    if os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return None
    headless = not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    if os.name == "posix" and headless and os.uname().sysname != "Darwin":
        return "no display found (DISPLAY is not set)"
    return None


def start_model(
    game: str | None = None,
    seed: int | str | None = None,
    lang: str = "en",
    remembered: settings_store.Settings | None = None,
) -> StartModel:
    """The start screen's settings for ``romme gui --game G --seed S`` (seats that fit G); without
    --game, the game, seats and house rules of the last session."""
    model = StartModel(seed=seed)
    if remembered is not None:
        model.recall(remembered)
    if game:
        model.set_game(game)
    model.localize(lang)
    return model


def set_window(fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
    """The window in full screen (at the desktop's size) or as a resizable window of ``size``."""
    if fullscreen:
        return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    surface = pygame.display.set_mode(at_least_min(size), pygame.RESIZABLE)
    try:  # the desktop then refuses a smaller window (pygame-ce's Window; where missing the resize is undone)
        with warnings.catch_warnings():  # deprecated for windows drawn through Window itself, not for this
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = (MIN_W, MIN_H)
    except (AttributeError, pygame.error):
        pass
    return surface


def first_sight(surface: pygame.Surface, lang: str) -> None:
    """The felt and 'romme — loading…' at once: the start screen's first frame (its game tiles, the records read
    from the journal files) came 8 to 10 s after the window at 1920x1080 on a loaded machine, a black window that
    read as hung."""
    surface.fill(FELT)
    surface.blit(font(28).render(t("loading", lang), True, TEXT), (16, 12))
    pygame.display.flip()


def at_least_min(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` grown to the smallest table (:data:`.layout.MIN_W` x ``MIN_H``): a window dragged to 300x200 showed
    the table's top-left corner, the hand and the buttons cut off, out of reach."""
    return max(size[0], MIN_W), max(size[1], MIN_H)


def toggle_fullscreen(app: SceneStack, windowed: tuple[int, int], view: Viewport) -> None:
    """F11: full screen and back to the last window size; the scenes lay out for the new size."""
    app.fullscreen = not app.fullscreen
    view.set_window(set_window(app.fullscreen, windowed))
    app.handle(intents.Intent("resize", value=view.size))


#: the window's size the first time (later: the size it was last closed at)
DEFAULT_SIZE = (1100, 720)
#: pixels of the screen's height a window leaves to its title bar and the task bar
DESKTOP_MARGIN = 64


def fit_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """A remembered size within the screen: a window left at 1920x1080 on a big screen opened past the edges of a
    1280x800 one (the hand and the buttons off the screen, the window's corner out of reach to make it smaller).
    A size that fits is kept; one that does not is cut to the screen, its height less :data:`DESKTOP_MARGIN`."""
    try:
        desktops = pygame.display.get_desktop_sizes()
    except pygame.error:
        return size
    if not desktops or min(desktops[0]) <= 0:
        return size
    screen_w, screen_h = desktops[0]
    if size[0] <= screen_w and size[1] <= screen_h:
        return size
    return max(min(size[0], screen_w), MIN_W), max(min(size[1], screen_h - DESKTOP_MARGIN), MIN_H)


def run(
    size: tuple[int, int] | None = None,
    lang: str | None = None,
    game: str | None = None,
    frames: int | None = None,
    screenshot: str | None = None,
    seed: int | str | None = None,
    config: Path | None = None,
) -> None:
    """Opens the table; ``frames`` limits the loop (tests), ``screenshot`` saves the last frame.
    ``config`` is the folder of the remembered settings and the saves (default: the user's).
    ``size`` None: the size the window was last closed at, else :data:`DEFAULT_SIZE`."""
    folder = config or settings_store.config_dir()
    remembered, refused = settings_store.read(folder)
    if refused:
        print(f"romme: {refused}", file=sys.stderr)  # the window opens anyway, with the defaults for it
    lang = lang or remembered.lang
    model = start_model(game, seed, lang, remembered)  # an unknown game is refused before a window opens
    pygame.display.init()
    pygame.font.init()
    # --size is the player's own: kept, and a window of it (not the full screen the last window was closed in)
    fullscreen = remembered.fullscreen and size is None
    size = size or fit_desktop(remembered.window or DEFAULT_SIZE)
    try:
        surface = set_window(fullscreen, size)
    except pygame.error as exc:
        pygame.quit()
        raise RuntimeError(f"cannot open a window: {exc}") from None
    pygame.display.set_caption("romme")
    first_sight(surface, lang)
    view = Viewport(surface)
    app = SceneStack(view.size, lang)
    app.settings_dir, app.save_dir, app.fullscreen = folder, settings_store.saves_dir(folder), fullscreen
    app.anim_speed, app.sort_mode, app.bot_delay = remembered.anim_speed, remembered.sort_mode, remembered.bot_delay
    app.push(StartScene(model))
    windowed = at_least_min(size)  # the window's own size, the one remembered (--size 300x200 opens 640x420)
    clock = pygame.time.Clock()
    n = 0
    try:  # an error in a scene still autosaves the game on the table (it was lost with the window)
        while app.running and app.stack and (frames is None or n < frames):
            batch = intents.poll()
            last_resize = max((i for i, intent in enumerate(batch) if intent.name == "resize"), default=-1)
            for at, intent in enumerate(batch):
                if intent.name == "fullscreen":
                    toggle_fullscreen(app, windowed, view)
                    continue
                if intent.name == "resize":
                    if app.fullscreen or at != last_resize:
                        # the desktop's size: nothing to follow; or a size already left (a window dragged sends a
                        # storm of them, and each set_mode made the window anew: a new X window each under Xvfb)
                        continue
                    windowed = at_least_min(intent.value)
                    view.set_window(pygame.display.set_mode(windowed, pygame.RESIZABLE))
                    intent = intents.Intent("resize", value=view.size)
                app.handle(view.to_logical(intent))
            dt = clock.tick(60) / 1000.0
            app.update(dt)
            if app.stack:
                app.draw(view.surface)
                view.present(moving=app.moving())
            pygame.display.flip()
            n += 1
        if screenshot:
            pygame.image.save(view.window, screenshot)
    finally:
        close(app, model, windowed)
        pygame.quit()


def close(app: SceneStack, model: StartModel, windowed: tuple[int, int] | None = None) -> None:
    """The window closes: the running game is autosaved and the start screen (and the window's size
    out of full screen) remembered."""
    autosave.write(app)
    if app.settings_dir is not None:
        remembered = model.remember(app.lang, app.fullscreen, app.anim_speed)
        remembered.window = windowed
        remembered.sort_mode = app.sort_mode
        remembered.bot_delay = app.bot_delay
        settings_store.store(remembered, app.settings_dir)
    while app.stack:
        app.pop()
