"""Headless: ``romme_table.run``, the window's own loop (issue 29), fed pygame events frame by
frame: F11, Start, a move, then the window closes; the settings and the game are saved. A file of
its own because ``run`` ends with ``pygame.quit()``."""

from __future__ import annotations

import json
import os
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest

from romme_table import app as table_app
from romme_table import cards_draw, controller, intents, settings_store


def test_the_window_loop_goes_full_screen_plays_and_autosaves_on_close(tmp_path, monkeypatch):
    """``run`` as ``romme gui`` calls it, fed key events frame by frame: F11, Start, draw, close."""
    def keydown(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")

    frames = iter([[keydown(pygame.K_F11)], [keydown(pygame.K_RETURN)], [], [keydown(pygame.K_d)], [],
                   [keydown(pygame.K_a)], []])
    done = False

    def poll() -> list[intents.Intent]:
        nonlocal done
        events = next(frames, None)
        if events is None:
            done = True
            return [intents.Intent("quit")]
        return [i for i in map(intents.from_event, events) if i is not None]

    cards_draw.pixel_font.cache_clear()  # fonts made before another test module quit pygame are dead
    monkeypatch.setattr(intents, "poll", poll)
    monkeypatch.setattr(controller.Controller, "poll_bots", lambda self, now=None: self.run_bots_until_human())
    table_app.run((900, 640), lang="de", game="koenigs", frames=50, config=tmp_path)
    cards_draw.pixel_font.cache_clear()  # run() quit pygame: the module's fonts are dead
    assert done
    saved = json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())
    assert saved["fullscreen"] is True and saved["lang"] == "de" and saved["game"] == "koenigs"
    assert saved["anim_speed"] == "slow"  # A once: normal -> slow, remembered with the settings
    game = json.loads(settings_store.autosave_path(tmp_path / "saves", "koenigs").read_text())
    assert game["moves"] and game["seats"][0]["name"] == "Du"


def test_the_window_comes_back_at_the_size_it_was_left_at(tmp_path, monkeypatch):
    """A player resizes the window and closes it; the next ``romme gui`` (no --size) opens at that size."""
    frames = iter([[pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 650), w=1000, h=650)], []])

    def poll() -> list[intents.Intent]:
        events = next(frames, None)
        if events is None:
            return [intents.Intent("quit")]
        return [i for i in map(intents.from_event, events) if i is not None]

    opened: list[tuple[int, int]] = []
    real_set_window = table_app.set_window

    def set_window(fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
        opened.append(size)
        return real_set_window(fullscreen, size)

    monkeypatch.setattr(intents, "poll", poll)
    monkeypatch.setattr(table_app, "set_window", set_window)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])  # the dummy's is 1024x768
    cards_draw.pixel_font.cache_clear()
    table_app.run(None, lang="en", frames=10, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened == [(1100, 720)]  # the first time: the default size
    assert json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())["window"] == [1000, 650]
    frames = iter([[]])
    table_app.run(None, lang="en", frames=3, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened[-1] == (1000, 650)


def test_a_remembered_window_size_out_of_range_gives_the_default():
    for bad in ([50, 50], [1000], "1000x650", [1000.5, 650], [True, 650], [20000, 650], None):
        assert settings_store.from_json({"window": bad}).window is None, bad
    assert settings_store.from_json({"window": [1000, 650]}).window == (1000, 650)


def test_a_window_left_on_a_bigger_screen_opens_within_this_one(tmp_path, monkeypatch):
    """Closed at 1920x1080 on a big screen, opened on a 1280x800 one: the window ran past the screen's edges (the
    hand, the buttons and the corner to make it smaller out of reach). An explicit --size is kept."""
    settings = settings_store.Settings()
    settings.window = (1920, 1080)
    settings_store.store(settings, tmp_path)
    opened: list[tuple[int, int]] = []
    real_set_window = table_app.set_window

    def set_window(fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
        opened.append(size)
        return real_set_window(fullscreen, size)

    monkeypatch.setattr(intents, "poll", lambda: [intents.Intent("quit")])
    monkeypatch.setattr(table_app, "set_window", set_window)
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1280, 800)])
    for explicit in (None, (1920, 1080)):
        cards_draw.pixel_font.cache_clear()
        table_app.run(explicit, lang="en", frames=2, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened == [(1280, 800 - table_app.DESKTOP_MARGIN), (1920, 1080)]
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    table_app.run(None, lang="en", frames=2, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened[-1] == (1920, 1080)  # fits: as it was left


def test_an_explicit_size_opens_a_window_of_it_after_a_full_screen_close(tmp_path, monkeypatch):
    """The last window was closed in full screen (F11): ``romme gui --size 640x420`` opened full screen at the
    desktop's size (played under Xvfb), the size asked for ignored. Without --size the full screen comes back."""
    settings = settings_store.Settings()
    settings.fullscreen = True
    settings_store.store(settings, tmp_path)
    opened: list[tuple[bool, tuple[int, int]]] = []
    real_set_window = table_app.set_window

    def set_window(fullscreen: bool, size: tuple[int, int]) -> pygame.Surface:
        opened.append((fullscreen, size))
        return real_set_window(fullscreen, size)

    monkeypatch.setattr(intents, "poll", lambda: [intents.Intent("quit")])
    monkeypatch.setattr(table_app, "set_window", set_window)
    cards_draw.pixel_font.cache_clear()
    table_app.run(None, lang="en", frames=2, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened[0][0] is True  # no --size: full screen as it was closed
    table_app.run((640, 420), lang="en", frames=2, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert opened[1] == (False, (640, 420))
    assert json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())["fullscreen"] is False


def _frames_then_quit(
    frames: list[list[pygame.event.Event]], sizes: list[tuple[int, int]]
) -> Callable[[], list[intents.Intent]]:
    """``intents.poll`` fed ``frames``' events frame by frame, then a quit; each frame's display size kept in
    ``sizes`` (as the frame begins)."""
    left = iter(frames)

    def poll() -> list[intents.Intent]:
        sizes.append(pygame.display.get_surface().get_size())
        events = next(left, None)
        if events is None:
            return [intents.Intent("quit")]
        return [i for i in map(intents.from_event, events) if i is not None]

    return poll


def test_a_window_made_smaller_than_the_table_is_kept_at_the_smallest_table(tmp_path, monkeypatch):
    """Dragged to 300x200 (xdotool windowsize under Xvfb, a bot thinking), the window showed the table's top-left
    corner: the hand and the buttons were cut off, out of reach. The window is held at 640x420, and that size is
    the one remembered."""
    sizes: list[tuple[int, int]] = []
    poll = _frames_then_quit([[pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200)], [], []], sizes)
    monkeypatch.setattr(intents, "poll", poll)
    cards_draw.pixel_font.cache_clear()
    table_app.run((800, 600), lang="en", frames=10, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert sizes[0] == (800, 600) and sizes[-1] == (640, 420), sizes
    assert json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())["window"] == [640, 420]


def test_a_storm_of_resizes_in_one_frame_sets_the_window_once_at_the_last_size(tmp_path, monkeypatch):
    """A window dragged sends many resizes at once (xdotool windowsize 40 times under Xvfb): each was answered
    with set_mode, which made the window anew, one after the other. Only the last size of a frame is followed."""
    storm = [pygame.event.Event(pygame.VIDEORESIZE, size=(700 + i, 500), w=700 + i, h=500) for i in range(30)]
    sizes: list[tuple[int, int]] = []
    poll = _frames_then_quit([storm, [], []], sizes)

    modes: list[tuple[int, int]] = []
    real_set_mode = pygame.display.set_mode

    def set_mode(size: tuple[int, int] = (0, 0), flags: int = 0) -> pygame.Surface:
        modes.append(tuple(size))
        return real_set_mode(size, flags)

    monkeypatch.setattr(intents, "poll", poll)
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    cards_draw.pixel_font.cache_clear()
    table_app.run((800, 600), lang="en", frames=10, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert modes == [(800, 600), (729, 500)], modes
    assert sizes[-1] == (729, 500)


def test_a_size_below_the_table_is_remembered_as_the_window_it_opened(tmp_path, monkeypatch):
    """``--size 300x200`` opens a 640x420 window; that is the size remembered, not the one asked for."""
    monkeypatch.setattr(intents, "poll", lambda: [intents.Intent("quit")])
    cards_draw.pixel_font.cache_clear()
    table_app.run((300, 200), lang="en", frames=2, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())["window"] == [640, 420]


def test_the_window_shows_the_felt_and_loading_before_the_start_screen_is_drawn(tmp_path, monkeypatch):
    """H6, 1920x1080 de on a loaded machine: the window stayed black 8-10 s until the start screen's first frame (its
    game tiles, the records read from the journal), read as hung. The felt and 'lädt…' are shown at once."""
    from romme_table import start_screen
    from romme_table.scenes import FELT

    seen: list[tuple[int, tuple[int, ...]]] = []  # at the start screen's first draw: frames shown, a shown pixel
    flips = 0
    real_flip, real_draw = pygame.display.flip, start_screen.StartScene.draw

    def flip() -> None:
        nonlocal flips
        flips += 1
        real_flip()

    def draw(self: start_screen.StartScene, surface: pygame.Surface) -> None:
        if not seen:
            seen.append((flips, tuple(pygame.display.get_surface().get_at((4, 300)))[:3]))
        real_draw(self, surface)

    cards_draw.pixel_font.cache_clear()
    monkeypatch.setattr(pygame.display, "flip", flip)
    monkeypatch.setattr(start_screen.StartScene, "draw", draw)
    monkeypatch.setattr(intents, "poll", lambda: [])
    table_app.run((1920, 1080), lang="de", frames=1, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert seen and seen[0][0] >= 1 and seen[0][1] == FELT, seen


def test_an_error_in_the_loop_still_autosaves_the_game(tmp_path, monkeypatch):
    """A scene's error ended ``run`` with a traceback and the game on the table was lost: the window's close (the
    autosave, the settings) ran only when the loop ended by itself. The error still ends the window."""
    def keydown(k: int) -> pygame.event.Event:
        return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="")

    frames = iter([[keydown(pygame.K_RETURN)], [], [keydown(pygame.K_d)], []])

    def poll() -> list[intents.Intent]:
        events = next(frames, None)
        if events is None:
            raise RuntimeError("a bug in a scene")
        return [i for i in map(intents.from_event, events) if i is not None]

    cards_draw.pixel_font.cache_clear()
    monkeypatch.setattr(intents, "poll", poll)
    monkeypatch.setattr(controller.Controller, "poll_bots", lambda self, now=None: self.run_bots_until_human())
    with pytest.raises(RuntimeError, match="a bug in a scene"):
        table_app.run((900, 640), lang="en", game="koenigs", frames=50, config=tmp_path)
    cards_draw.pixel_font.cache_clear()
    assert not pygame.display.get_init()  # the window closed
    game = json.loads(settings_store.autosave_path(tmp_path / "saves", "koenigs").read_text())
    assert game["moves"] and game["moves"][-1]["kind"] == "draw", game["moves"][-3:]
    assert json.loads((tmp_path / settings_store.SETTINGS_FILE).read_text())["game"] == "koenigs"
