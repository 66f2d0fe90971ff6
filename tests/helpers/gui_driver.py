"""Driving the table window with real pygame events only (mouse and keys -> intents -> scenes).

Shared by the table's headless tests; a test may read the window's state to decide where to
click, but acts only through :func:`key`, :func:`click` and :func:`drag`. :func:`play_until` brings a
game to the moment a test needs (through the controller, before the window is driven).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from romme.bots import make_bot
from romme_table import app as table_app
from romme_table import cards_draw, dialogs, intents, move_log, score_grid, settings_store, table_draw
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ScoreScene
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene

SIZE = (1100, 720)


def open_window(size: tuple[int, int] = SIZE) -> Iterator[pygame.Surface]:
    """A dummy-driver window for one test module (tests/conftest.py sets the driver); closed after it."""
    pygame.display.init()
    pygame.font.init()
    cards_draw.pixel_font.cache_clear()  # fonts made before another module quit pygame are dead
    yield pygame.display.set_mode(size)
    pygame.quit()
    cards_draw.pixel_font.cache_clear()


def send(app: SceneStack, event: pygame.event.Event, surface: pygame.Surface | None = None) -> None:
    intent = intents.from_event(event)
    if intent is not None:
        app.handle(intent)
    if surface is not None and app.stack:
        app.draw(surface)


def key(app: SceneStack, k: int, surface: pygame.Surface | None = None) -> None:
    send(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""), surface)


def click(app: SceneStack, pos: tuple[int, int], surface: pygame.Surface | None = None) -> None:
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos), surface)


def drag(app: SceneStack, start: tuple[int, int], end: tuple[int, int], surface: pygame.Surface | None = None) -> None:
    send(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start))
    mid = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for p in (mid, end):
        send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)), surface)
    send(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=end), surface)


def play_until(c: Controller, found: Callable[[Controller], bool], level: str = "greedy", limit: int = 3000) -> bool:
    """Plays the human seat with a bot's choices (bots in between) until ``found``: sets a table up for a test."""
    helper = make_bot(c.game_id, level, seed=7)
    for _ in range(limit):
        c.run_bots_until_human()
        if c.state.is_over:
            return False
        if found(c):
            return True
        assert c.play(helper.choose(c.state.clone())), c.message
    return False


def human_turns(app: SceneStack, c: Controller, limit: int) -> Iterator[None]:
    """Each turn of the human seat at an open table, for up to ``limit`` frames, the bots playing in between,
    until a score sheet opens or the game ends; the caller plays the human's move before the next."""
    for _ in range(limit):
        app.update(0.0)
        if c._future is not None:
            c._future.result()
        if isinstance(app.top, ScoreScene) or c.state.is_over:
            return
        if not c.is_human_turn():
            c.run_bots_until_human()
            continue
        yield


def bots_one_a_frame(app: SceneStack, scene: TableScene, c: Controller, surface: pygame.Surface) -> None:
    """The bots' moves at an open table, one a frame and each frame drawn (a deal's score sheet closed), until the
    human is to move or the game is over (60 frames at most): the table sees every move as in the window."""
    for _ in range(60):
        while app.top is not scene:  # a deal's score sheet
            app.pop()
        app.update(0.0)
        app.draw(surface)
        if c.state.is_over or c.is_human_turn():
            return
        if c._future is not None:
            c._future.result()


def open_table(c: Controller, surface: pygame.Surface, size: tuple[int, int] = SIZE) -> tuple[SceneStack, TableScene]:
    """The table of ``c`` as the window's only scene, drawn once on ``surface``."""
    app = SceneStack(size, c.lang)
    scene = TableScene(c)
    app.push(scene)
    app.draw(surface)
    return app, scene


def hot_seat_koenigs(
    surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> tuple[Controller, SceneStack, list[Any], list[float]]:
    """Königs-Rommé in hot seat (Ann and Bea, seed 4) open at 800x600: the controller, the window, a greedy helper
    per seat to choose their moves, and the sheets' clock (``now[0]``, which the test moves on)."""
    now = [1000.0]
    monkeypatch.setattr(dialogs, "monotonic", lambda: now[0])
    c = Controller("koenigs", [Seat("Ann"), Seat("Bea")], seed=4, bot_delay=0.0)
    app, _ = open_table(c, surface, (800, 600))
    return c, app, [make_bot("koenigs", "greedy", seed=s) for s in (1, 2)], now


def start_app(tmp_path: Path, surface: pygame.Surface, lang: str = "en") -> SceneStack:
    """A window as ``romme gui`` opens it (its start screen on top), with its settings and saves in ``tmp_path``."""
    app = SceneStack(surface.get_size(), lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    model = table_app.start_model(None, None, lang, settings_store.load(tmp_path))
    app.push(StartScene(model))
    app.draw(surface)
    return app


def played_to_the_end(
    game: str,
    seats: int,
    seed: int,
    surface: pygame.Surface,
    tmp_path: Path,
    rules: object = None,
    size: tuple[int, int] = (800, 600),
) -> tuple[Controller, SceneStack, TableScene]:
    """A game against greedy bots, the human seat played by a greedy helper, watched by its table frame by frame
    (each round's sheet put away with Enter) until the end-of-game sheet, which Esc puts away."""
    names = [Seat("You")] + [Seat(f"Bot {i}", "bot", "greedy") for i in range(1, seats)]
    c = Controller(game, names, seed=seed, rules=rules, bot_delay=0.0)
    app, scene = open_table(c, surface, size)
    app.save_dir = tmp_path
    helper = make_bot(game, "greedy", seed=3)
    for _ in range(5000):
        app.update(0.0)
        if isinstance(app.top, ScoreScene):
            if c.state.is_over:
                break
            key(app, pygame.K_RETURN, surface)
        elif c.is_human_turn():
            assert c.play(helper.choose(c.state.clone())), c.message
        else:
            c.run_bots_until_human()
    assert c.state.is_over and isinstance(app.top, ScoreScene)
    key(app, pygame.K_ESCAPE, surface)  # to the finished table
    assert app.top is scene
    return c, app, scene


def sheet_texts(app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The words the score sheet on top writes when the window draws once more."""
    seen: list[str] = []
    real = score_grid._text
    with monkeypatch.context() as m:
        m.setattr(score_grid, "_text", lambda surf, s, *a: (seen.append(s), real(surf, s, *a))[1])
        app.draw(surface)
    return seen


# --- what the window draws: each spies on one drawing call for one more draw of the window ------------------
def drawn_log_rows(app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The rows the move log writes when the window draws once more."""
    rows: list[str] = []
    real = move_log._line_image

    def record(line: str, size: int, width: int) -> pygame.Surface:
        rows.append(line)
        return real(line, size, width)

    with monkeypatch.context() as m:
        m.setattr(move_log, "_line_image", record)
        app.draw(surface)
    return rows


def drawn_rects(
    colour: tuple[int, int, int], app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[pygame.Rect]:
    """The rectangles drawn in ``colour`` (outlines, frames) when the window draws once more."""
    rects: list[pygame.Rect] = []
    real = pygame.draw.rect

    def rect(surf: pygame.Surface, c: Any, r: Any, *args: Any, **kw: Any) -> pygame.Rect:
        if tuple(c) == colour:
            rects.append(pygame.Rect(r))
        return real(surf, c, r, *args, **kw)

    with monkeypatch.context() as m:
        m.setattr(pygame.draw, "rect", rect)
        app.draw(surface)
    return rects


def drawn_cards(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[pygame.Rect, str | None, dict[str, Any]]]:
    """Each card the table draws when the window draws once more: where, its token (None: a back) and how
    (``selected``, ``tag``…)."""
    cards: list[tuple[pygame.Rect, str | None, dict[str, Any]]] = []
    real = table_draw.draw_card

    def record(surf: pygame.Surface, rect: pygame.Rect, game: str, token: str | None, **kw: Any) -> None:
        cards.append((pygame.Rect(rect), token, kw))
        real(surf, rect, game, token, **kw)

    with monkeypatch.context() as m:
        m.setattr(table_draw, "draw_card", record)
        app.draw(surface)
    return cards


def drawn_fit_texts(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, tuple[int, int], int, int]]:
    """Each text the table fits to a width when the window draws once more: (text, position, width, size)."""
    drawn: list[tuple[str, tuple[int, int], int, int]] = []
    real = table_draw.fit_text

    def record(surf: pygame.Surface, s: str, pos: tuple[int, int], width: int, size: int = 22, *a: Any) -> Any:
        drawn.append((s, pos, width, size))
        return real(surf, s, pos, width, size, *a)

    with monkeypatch.context() as m:
        m.setattr(table_draw, "fit_text", record)
        app.draw(surface)
    return drawn


def drawn_texts(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, tuple[int, int], int]]:
    """Each text the table writes when the window draws once more: (text, position, size)."""
    drawn: list[tuple[str, tuple[int, int], int]] = []
    real = table_draw.text

    def record(surf: pygame.Surface, s: str, pos: tuple[int, int], size: int = 22, *a: Any) -> Any:
        drawn.append((s, pos, size))
        return real(surf, s, pos, size, *a)

    with monkeypatch.context() as m:
        m.setattr(table_draw, "text", record)
        app.draw(surface)
    return drawn


def drawn_start_rows(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[str, pygame.Rect, int]]:
    """Each row the start screen draws when the window draws once more: (label, its box, its print)."""
    rows: list[tuple[str, pygame.Rect, int]] = []
    real = StartScene._draw_row

    def record(self: StartScene, surf: pygame.Surface, r: pygame.Rect, label: str, focused: bool, size: int) -> None:
        rows.append((label, r.copy(), size))
        real(self, surf, r, label, focused, size)

    with monkeypatch.context() as m:
        m.setattr(StartScene, "_draw_row", record)
        app.draw(surface)
    return rows


def table_with(kind: str, seeds: range = range(1, 40), game: str = "romme") -> tuple[Controller, Any]:
    """A table of ``game`` (the human against a greedy bot, played by a greedy helper) at the first turn where the
    human may play a move of ``kind`` (layoff, swap, ...), and that move."""
    for seed in seeds:
        c = Controller(game, [Seat("You"), Seat("Bot", "bot", "greedy")], seed=seed, bot_delay=0.0)
        helper = make_bot(game, "greedy", seed=1)
        for _ in range(300):
            c.run_bots_until_human()
            if c.state.is_over:
                break
            found = [m for m in c.state.legal_moves() if m.to_json().get("kind") == kind]
            if found:
                return c, found[0]
            assert c.play(helper.choose(c.state.clone())), c.message
    raise AssertionError(f"no {kind} in the seeds tried")


def start_helps_drawn(
    app: SceneStack, surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[pygame.Rect, str]]:
    """The start screen drawn once: the row or tile help it draws, as (the row's or tile's rectangle, the words)."""
    from romme_table import start_screen

    shown: list[tuple[pygame.Rect, str]] = []
    with monkeypatch.context() as m:
        for name in ("draw_help", "draw_tile_help"):
            real = getattr(start_screen, name)
            m.setattr(start_screen, name, lambda s, r, words, *a, real=real: (shown.append((r, words)),
                                                                            real(s, r, words, *a))[1])
        app.draw(surface)
    return shown
