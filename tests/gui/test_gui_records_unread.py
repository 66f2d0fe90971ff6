"""Headless: the records as the start screen reads them. A journal file no count can read (damaged, or a format
this version does not know) leaves its game out of the records: the start screen says so and names the file. A read
running across two folds by other windows shows a journalled game once, not twice."""

from __future__ import annotations

import json

import pygame
import pytest

from romme_table import records, start_screen
from romme_table.scenes import SceneStack
from romme_table.start_screen import StartModel, StartScene


@pytest.fixture(autouse=True, scope="module")
def fonts() -> None:
    pygame.font.init()


def _journal_by_hand(folder, name: str, text: str) -> None:
    (folder / f"{records.PENDING_PREFIX}{name}{records.PENDING_SUFFIX}").write_text(text, encoding="utf-8")


def test_unreadable_journal_files_are_named_and_readable_ones_counted(tmp_path):
    with records.locked(tmp_path):
        records.add(tmp_path, "rummy", True)  # journalled: the lock is held
    _journal_by_hand(tmp_path, "garbage", "{not json")
    _journal_by_hand(tmp_path, "newer", json.dumps({"game": "rummy", "result": "won"}))
    (tmp_path / f"{records.PENDING_PREFIX}dir{records.PENDING_SUFFIX}").mkdir()
    assert records.read(tmp_path) == {"rummy": (1, 1)}
    assert records.unreadable(tmp_path) == [
        f"{records.PENDING_PREFIX}{n}{records.PENDING_SUFFIX}" for n in ("dir", "garbage", "newer")
    ]


@pytest.mark.parametrize(("size", "lang"), [((800, 600), "de"), ((1280, 800), "en"), ((1920, 1080), "en")])
def test_the_start_screen_says_a_journal_cannot_be_read(tmp_path, monkeypatch, size, lang):
    said: list[tuple[str, dict[str, object]]] = []
    real = start_screen.t
    monkeypatch.setattr(start_screen, "t", lambda key, *a, **kw: (said.append((key, kw)), real(key, *a, **kw))[1])
    app = SceneStack(size, lang)
    app.settings_dir, app.save_dir = tmp_path, tmp_path / "saves"
    app.push(StartScene(StartModel()))
    canvas = pygame.Surface(size)
    app.draw(canvas)
    assert not [kw for key, kw in said if key == "records_unread"]  # nothing to say
    quiet = canvas.copy()
    _journal_by_hand(tmp_path, "garbage", "\x00\x01 not a record")
    app.draw(canvas)
    told = [kw for key, kw in said if key == "records_unread"]
    assert told, "an unreadable journal file was passed over in silence"
    full = str(tmp_path / f"{records.PENDING_PREFIX}garbage{records.PENDING_SUFFIX}")
    shown = str(told[-1]["path"])
    assert shown == full or (shown.startswith("…") and full.endswith(shown[1:]) and shown.endswith("garbage.json"))
    assert told[-1]["files"] == ("1 Datei" if lang == "de" else "1 file")
    w, h = size
    before, after = pygame.image.tobytes(quiet, "RGB"), pygame.image.tobytes(canvas, "RGB")
    rows = {i // (3 * w) for i in range(0, len(after), 3) if before[i : i + 3] != after[i : i + 3]}
    assert rows, "nothing printed"
    tiles_top = min(rect.top for rect, _ in app.top.tile_hot)
    assert max(rows) < tiles_top, (max(rows), tiles_top)  # in the title's row, over no tile


def test_a_read_across_two_folds_counts_a_journalled_game_once(tmp_path, monkeypatch):
    """The read lists the journal (one game of Rummy waiting), then another window folds it into records.json and
    removes its file, and a third window folds its own game: that file no longer names the folded journal (it was
    gone when the third fold began). Counting the listed journal on top showed the Rummy game twice."""
    with records.locked(tmp_path):
        records.add(tmp_path, "rummy", True)  # journalled
    real_read_file = records._read_file
    folds = []

    def two_folds_first(folder):
        if not folds:
            folds.append(1)
            with records.locked(folder) as held:
                assert held
                assert records._fold(folder, "rummy", False) is not None  # folds the journal: rummy 1 of 2
            with records.locked(folder) as held:
                assert held
                assert records._fold(folder, "koenigs", True) is not None  # no journal left to name
        return real_read_file(folder)

    monkeypatch.setattr(records, "_read_file", two_folds_first)
    assert records.read(tmp_path) == {"rummy": (1, 2), "koenigs": (1, 1)}
    assert records.read(tmp_path) == {"rummy": (1, 2), "koenigs": (1, 1)}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_unread_journal_line_stays_legible_at_the_smallest_window(tmp_path, monkeypatch, lang):
    """At 640x420 the whole path was squeezed (smoothscale) into a title-high strip of unreadable letters: the path
    now loses its start instead, the file's name kept whole, the letters unsqueezed."""
    squeezed: list[tuple[int, int]] = []
    real_scale = pygame.transform.smoothscale
    monkeypatch.setattr(
        pygame.transform, "smoothscale", lambda img, size: (squeezed.append(size), real_scale(img, size))[1]
    )
    said: list[dict[str, object]] = []
    real = start_screen.t
    monkeypatch.setattr(
        start_screen, "t", lambda key, *a, **kw: (key == "records_unread" and said.append(kw), real(key, *a, **kw))[1]
    )
    start_screen.unread_line.cache_clear()
    folder = tmp_path / "home" / "someone-with-a-long-name" / ".config" / "romme"
    folder.mkdir(parents=True)
    _journal_by_hand(folder, "0123456789abcdef0123456789abcdef", "{damaged")
    app = SceneStack((640, 420), lang)
    app.settings_dir, app.save_dir = folder, folder / "saves"
    app.push(StartScene(StartModel()))
    app.draw(pygame.Surface((640, 420)))
    assert said and str(said[-1]["path"]).endswith("0123456789abcdef0123456789abcdef.json"), said[-1:]
    assert not squeezed, squeezed
