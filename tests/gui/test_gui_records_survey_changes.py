"""Headless: the records' journal looked at again after its files change under the same names. A file rewritten
in place (same inode: a copy from a backup over it) kept the verdict of its first look, so a repaired file stayed
'unreadable' and a changed one counted its old game; and a folder of more readable journal files than
``records.MAX_PENDING`` left files 'for the next look' forever, so the start screen read the whole folder again
every frame while nothing changed; and a journal file swapped for a named pipe after its kind was looked at hung
the window in its open."""

from __future__ import annotations

import json
import os

import pygame
import pytest

from romme_table import records
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def _rewrite_in_place(path, text: str) -> None:
    """``text`` written over ``path``'s bytes, keeping its inode (as ``cp`` over an existing file does)."""
    inode = path.stat().st_ino
    with open(path, "r+", encoding="utf-8") as out:
        out.write(text)
        out.truncate()
    assert path.stat().st_ino == inode


def test_a_journal_file_rewritten_in_place_is_read_again(tmp_path):
    name = f"{records.PENDING_PREFIX}{'b' * 32}{records.PENDING_SUFFIX}"
    path = tmp_path / name
    path.write_text("{damaged")
    assert records.unreadable(tmp_path) == [name] and records.read(tmp_path) == {}
    _rewrite_in_place(path, json.dumps({"game": "krass", "won": True}))
    assert records.unreadable(tmp_path) == [] and records.read(tmp_path) == {"krass": (1, 1)}
    _rewrite_in_place(path, json.dumps({"game": "rummy", "won": False}))
    assert records.read(tmp_path) == {"rummy": (0, 1)}
    os.utime(path, ns=(1, 1))  # its time set back: still another size than its first look
    _rewrite_in_place(path, "[" * 9)
    assert records.unreadable(tmp_path) == [name] and records.read(tmp_path) == {}


def _folder_of_games(folder, games: int) -> None:
    for i in range(games):
        text = json.dumps({"game": "rummy", "won": i % 2 == 0})
        (folder / f"{records.PENDING_PREFIX}{i:032x}{records.PENDING_SUFFIX}").write_text(text)


def test_more_journal_files_than_a_read_counts_leave_nothing_for_a_next_look(tmp_path):
    _folder_of_games(tmp_path, records.MAX_PENDING + 5)
    for _ in range(20):
        counts, journal = records.survey(tmp_path)
        if not journal.unlooked:
            break
    assert journal.unlooked == 0, "the rest past MAX_PENDING wait for a fold, not for the next look"
    assert counts == {"rummy": (records.MAX_PENDING // 2, records.MAX_PENDING)}


def test_the_start_screen_stops_looking_at_a_folder_of_more_games_than_a_read_counts(tmp_path, monkeypatch):
    _folder_of_games(tmp_path, records.MAX_PENDING + 5)
    scans = []
    real_scan = records._scan
    monkeypatch.setattr(records, "_scan", lambda folder: (scans.append(folder), real_scan(folder))[1])
    app = SceneStack((640, 420), "en")
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    app.push(StartScene(StartModel()))
    canvas = pygame.Surface((640, 420))
    for _ in range(12):
        app.draw(canvas)
    before = len(scans)
    for _ in range(3):
        app.draw(canvas)
    assert len(scans) == before, "an unchanged folder read again every frame"
    assert app.top.records() == {"rummy": (records.MAX_PENDING // 2, records.MAX_PENDING)}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_a_pipe_put_in_place_of_a_journal_file_after_its_lstat_does_not_hang(tmp_path, monkeypatch):
    """A journal file replaced by a named pipe between the look at its kind and its opening: the open waited for
    a writer that never comes, and the window hung."""
    import threading

    path = tmp_path / f"{records.PENDING_PREFIX}{'c' * 32}{records.PENDING_SUFFIX}"
    os.mkfifo(path)
    regular = tmp_path / "regular"
    regular.write_text("{}")
    real_lstat = os.lstat
    monkeypatch.setattr(records.os, "lstat", lambda p, **kw: real_lstat(regular if str(p) == str(path) else p, **kw))
    verdicts: list[object] = []
    reader = threading.Thread(target=lambda: verdicts.append(records._verdict(str(path))), daemon=True)
    reader.start()
    reader.join(5)
    hung = reader.is_alive()
    if hung:  # let it go: a writer opens the pipe
        os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(5)
    assert not hung, "the look waited on a pipe"
    assert verdicts == [None]
