"""Headless: a corrupt or hostile settings file never keeps the window from opening. It opens with the
defaults for what was refused and says so in one line on stderr; a good file says nothing. A file of its own
because ``run`` ends with ``pygame.quit()``."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest

from romme_table import app as table_app
from romme_table import cards_draw, settings_store

T = TypeVar("T")

HOSTILE: dict[str, bytes] = {
    "not json": b"{\"lang\": \"de\",",
    "not utf-8": b"\xff\xfe{\x00}",
    "a list": b"[1, 2, 3]",
    "nested deep": b"[" * 100_000 + b"]" * 100_000,
    "too big": b" " * (settings_store.MAX_SETTINGS_BYTES + 1) + b"{}",
    "wrong types": b'{"lang": ["de"], "sort_mode": {"rank": 1}, "window": [1e308, -5], "fullscreen": "yes",'
                   b' "anim_speed": NaN, "game": 7, "seats": "all", "options": [1]}',
    "hostile values": b'{"sort_mode": "own", "window": [99999999, 600], "game": "../../etc/passwd",'
                      b' "seats": [{"name": "\\u0000\\u001b[2J", "kind": "bot", "level": "god"}]}',
}


def _run(tmp_path) -> None:
    cards_draw.pixel_font.cache_clear()  # fonts made before another test module quit pygame are dead
    try:
        table_app.run(None, lang=None, frames=2, config=tmp_path)
    finally:
        cards_draw.pixel_font.cache_clear()  # run() quit pygame: the module's fonts are dead


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_hostile_settings_file_opens_the_window_with_the_defaults_and_one_line(kind, tmp_path, capsys):
    (tmp_path / settings_store.SETTINGS_FILE).write_bytes(HOSTILE[kind])
    settings, refused = settings_store.read(tmp_path)
    assert settings == settings_store.Settings() or kind in ("wrong types", "hostile values")
    assert refused is not None and "\n" not in refused
    _run(tmp_path)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("romme: table settings ") and "defaults" in err
    assert "Traceback" not in err
    # the window's close wrote a good file in its place: the next session opens silently
    assert settings_store.read(tmp_path)[1] is None


def test_the_refused_fields_are_named_and_the_rest_is_kept(tmp_path):
    (tmp_path / settings_store.SETTINGS_FILE).write_text(
        '{"lang": "de", "sort_mode": "sideways", "window": [1000, 700], "fullscreen": 1}')
    settings, refused = settings_store.read(tmp_path)
    assert settings.lang == "de" and settings.window == (1000, 700)
    assert settings.sort_mode == "suit" and settings.fullscreen is False
    assert refused is not None and "fullscreen, sort_mode refused" in refused


def test_a_good_or_missing_file_says_nothing(tmp_path, capsys):
    assert settings_store.read(tmp_path) == (settings_store.Settings(), None)
    settings_store.store(settings_store.Settings(lang="de", sort_mode="rank", window=(1000, 700)), tmp_path)
    assert settings_store.read(tmp_path)[1] is None
    _run(tmp_path)
    assert capsys.readouterr().err == ""


def _within(seconds: float, call: Callable[[], T]) -> T:
    """``call()``, run in a thread: a hang fails the test instead of stopping the run."""
    done: list[T] = []
    worker = threading.Thread(target=lambda: done.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert done, f"still running after {seconds} s"
    return done[0]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_at_the_settings_path_is_refused_without_waiting(tmp_path):
    """A named pipe where the settings file lies blocked the window's start for ever (read_text waits for a
    writer); one where the old fixed temporary name lay blocked the close (write_text waits for a reader)."""
    os.mkfifo(tmp_path / settings_store.SETTINGS_FILE)
    settings, refused = _within(10, lambda: settings_store.read(tmp_path))
    assert settings == settings_store.Settings()
    assert refused is not None and "not a regular file" in refused
    os.mkfifo(tmp_path / "table-settings.tmp")
    assert _within(10, lambda: settings_store.store(settings_store.Settings(sort_mode="rank"), tmp_path)) is None
    assert settings_store.read(tmp_path) == (settings_store.Settings(sort_mode="rank"), None)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_put_in_place_of_the_settings_file_after_its_stat_does_not_hang(tmp_path, monkeypatch):
    """The settings file swapped for a named pipe between the look at its kind and its reading: read_text
    waited for a writer that never comes, and the window never opened."""
    import pathlib

    pipe = tmp_path / settings_store.SETTINGS_FILE
    os.mkfifo(pipe)
    regular = tmp_path / "regular.json"
    regular.write_text("{}")
    real_stat = pathlib.Path.stat
    monkeypatch.setattr(pathlib.Path, "stat", lambda p, **kw: real_stat(regular if p == pipe else p, **kw))
    answer: list[tuple[settings_store.Settings, str | None]] = []
    worker = threading.Thread(target=lambda: answer.append(settings_store.read(tmp_path)), daemon=True)
    worker.start()
    worker.join(5)
    hung = worker.is_alive()
    if hung:  # let it go: a writer at the pipe's other end
        os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(5)
    assert not hung, "the settings read waited on a pipe"
    settings, refused = answer[0]
    assert settings == settings_store.Settings() and refused is not None and "not a regular file" in refused
