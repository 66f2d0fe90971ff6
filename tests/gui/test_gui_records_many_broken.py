"""Headless: a records folder holding a thousand broken journal files or more. They took the room of the readable
ones (every game journalled after them was left out, and the count of broken files stopped at 999), each start
screen look opened every one of them again, and the start screen read the folder twice on each change (once for
the records, once for the broken files). Now: broken files are opened once, a look opens at most
``records.MAX_OPENS`` files (the next frames go on), and the start screen's line says how many there are."""

from __future__ import annotations

import json

import pygame
import pytest

from romme_table import records, start_screen
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene

BROKEN = 1200  # more than records.MAX_PENDING


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def _folder_of_broken_journals(folder) -> None:
    """``BROKEN`` damaged journal files named before three games of Rummy journalled after them (two won)."""
    for i in range(BROKEN):
        (folder / f"{records.PENDING_PREFIX}0{i:031x}{records.PENDING_SUFFIX}").write_text("{damaged")
    for i, won in enumerate((True, True, False)):
        text = json.dumps({"game": "rummy", "won": won})
        (folder / f"{records.PENDING_PREFIX}f{i:031x}{records.PENDING_SUFFIX}").write_text(text)


def _opens_counted(monkeypatch) -> list[str]:
    opened: list[str] = []
    real = records._verdict
    monkeypatch.setattr(records, "_verdict", lambda path: (opened.append(path), real(path))[1])
    return opened


def test_broken_journals_leave_room_for_the_readable_ones_and_are_opened_once(tmp_path, monkeypatch):
    _folder_of_broken_journals(tmp_path)
    opened = _opens_counted(monkeypatch)
    looks = []
    for _ in range(20):
        counts, journal = records.survey(tmp_path)
        looks.append(len(opened))
        if not journal.unlooked:
            break
    assert counts == {"rummy": (2, 3)}, counts
    assert len(journal.unread) == BROKEN
    steps = [b - a for a, b in zip([0, *looks], looks)]
    assert max(steps) <= records.MAX_OPENS, steps  # each look stays quick
    assert len(opened) == BROKEN + 3  # every file opened once over the looks
    assert records.read(tmp_path) == {"rummy": (2, 3)} and len(opened) == BROKEN + 3  # and not again
    # a fold counts the three games and removes their files; the broken ones stay, named
    assert records.add(tmp_path, "rummy", True) == (3, 4)
    assert records.read(tmp_path) == {"rummy": (3, 4)}
    assert len(records.unreadable(tmp_path)) == BROKEN


def test_a_rewritten_journal_name_is_read_again(tmp_path):
    name = f"{records.PENDING_PREFIX}{'a' * 32}{records.PENDING_SUFFIX}"
    (tmp_path / name).write_text("{damaged")
    assert records.unreadable(tmp_path) == [name]
    partial = tmp_path / "partial"
    partial.write_text(json.dumps({"game": "krass", "won": True}))
    partial.replace(tmp_path / name)  # written whole under the name, as a journal is
    assert records.unreadable(tmp_path) == [] and records.read(tmp_path) == {"krass": (1, 1)}


@pytest.mark.parametrize(("size", "lang"), [((640, 420), "de"), ((1280, 800), "en")])
def test_the_start_screen_reads_the_folder_once_a_change_and_counts_every_broken_file(
    tmp_path, monkeypatch, size, lang
):
    _folder_of_broken_journals(tmp_path)
    scans = []
    real_scan = records._scan
    monkeypatch.setattr(records, "_scan", lambda folder: (scans.append(folder), real_scan(folder))[1])
    said: list[dict[str, object]] = []
    real_t = start_screen.t
    monkeypatch.setattr(
        start_screen, "t", lambda key, *a, **kw: (key == "records_unread" and said.append(kw), real_t(key, *a, **kw))[1]
    )
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    app.push(StartScene(StartModel()))
    canvas = pygame.Surface(size)
    frames = 0
    while frames < 20:
        before = len(scans)
        app.draw(canvas)
        frames += 1
        if len(scans) == before:
            break
        assert len(scans) - before == 1, "the folder read more than once in a frame"
    assert frames < 20, "the start screen went on reading an unchanged folder"
    assert app.top.records() == {"rummy": (2, 3)}
    assert said[-1]["files"] == (f"{BROKEN} Dateien" if lang == "de" else f"{BROKEN} files")
    before = len(scans)
    for _ in range(3):
        app.draw(canvas)
    assert len(scans) == before  # nothing changed: not read again
