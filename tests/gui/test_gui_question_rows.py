"""Headless: a question over the table or the start screen is broken into rows. On one row, a resume that failed
('cannot resume: <the save's path>: not valid JSON: ...') was shrunk to the smallest print and cut with '…'."""

from __future__ import annotations

import pygame
import pytest

from romme_table import dialogs
from romme_table.dialogs import ConfirmScene
from romme_table.scenes import SceneStack, fitted

FAILED = (
    "cannot resume: /home/anna-maria-mustermann/.config/romme/saves/autosave-koenigs.json: not valid JSON: "
    "Expecting value: line 1 column 36 (char 35) (kept as autosave-koenigs.json.broken)"
)


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def drawn_rows(size: tuple[int, int], question: str, monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Each row the question's panel writes, and how it is shown (cut with '…' when it does not fit)."""
    rows: list[tuple[str, str]] = []
    real = dialogs.fit_text

    def recording(surface: pygame.Surface, s: str, pos: tuple[int, int], width: int, *rest: object) -> pygame.Rect:
        size_asked = rest[0] if rest else 22
        assert isinstance(size_asked, int)
        rows.append((s, fitted(s, width, size_asked)[0]))
        assert surface.get_rect().contains(pygame.Rect(pos, (width, 1)))  # within the window
        return real(surface, s, pos, width, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(dialogs, "fit_text", recording)
    app = SceneStack(size, "en")
    app.push(ConfirmScene(question, lambda: None))
    app.draw(pygame.Surface(size))
    return rows


@pytest.mark.parametrize("size", [(800, 600), (1280, 800), (1920, 1080)])
def test_a_long_question_is_written_whole_over_rows(size, monkeypatch):
    rows = drawn_rows(size, FAILED, monkeypatch)
    assert len(rows) > 1
    assert all(shown == row for row, shown in rows)  # no row cut
    assert " ".join(row for row, _ in rows) == FAILED


def test_a_short_question_keeps_one_row(monkeypatch):
    assert drawn_rows((800, 600), "Quit?", monkeypatch) == [("Quit?", "Quit?")]


def test_a_question_longer_than_the_window_stays_in_it(monkeypatch):
    """Only as many rows as the window holds; the last one cut (the recording asserts each row within it)."""
    rows = drawn_rows((800, 600), "word " * 400, monkeypatch)
    assert 1 < len(rows) < 40 and rows[-1][1].endswith("…")
