"""Hostile records files: whatever lies at records.json, the winner sheet opens and the window closes.

A records file nested too deep, a count too long to print, a pipe in the file's place or at the temporary name
of the last version's write raised out of the winner sheet (RecursionError, ValueError) or hung the window."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path

from romme_table import records


def _within(seconds: float, work: Callable[[], object]) -> list[object]:
    """``work``'s answer, run where a hang cannot hang the test run (empty: it did not end in time)."""
    answer: list[object] = []
    thread = threading.Thread(target=lambda: answer.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    return answer


def _unblock(pipe: Path) -> None:
    """Lets a thread blocked on opening ``pipe`` go (a reader or a writer at its other end)."""
    for flags in (os.O_RDONLY | os.O_NONBLOCK, os.O_WRONLY | os.O_NONBLOCK):
        try:
            os.close(os.open(pipe, flags))
        except OSError:
            continue


def test_a_deeply_nested_file_counts_as_no_games_and_is_written_anew(tmp_path):
    (tmp_path / records.RECORDS_FILE).write_text("[" * 100_000)
    assert records.read(tmp_path) == {}
    assert records.add(tmp_path, "rummy", True) == (1, 1)
    assert records.read(tmp_path) == {"rummy": (1, 1)}


def test_counts_past_any_real_play_are_odd_entries(tmp_path):
    """4,300 nines played: read and counted once more, its digits could no longer be written (ValueError)."""
    huge = "9" * 4300
    (tmp_path / records.RECORDS_FILE).write_text(
        f'{{"rummy": {{"won": 0, "played": {huge}}}, "krass": {{"won": 2, "played": {records.MAX_GAMES}}}}}'
    )
    assert records.read(tmp_path) == {"krass": (2, records.MAX_GAMES)}
    assert records.add(tmp_path, "rummy", False) == (0, 1)
    assert json.loads((tmp_path / records.RECORDS_FILE).read_text())["rummy"] == {"won": 0, "played": 1}


def test_a_file_too_big_to_be_ours_is_not_read(tmp_path):
    padded = json.dumps({"rummy": {"won": 1, "played": 1}}) + " " * records.MAX_RECORDS_BYTES
    (tmp_path / records.RECORDS_FILE).write_text(padded)
    assert records.read(tmp_path) == {}


def test_a_pipe_in_the_records_place_blocks_neither_reading_nor_writing(tmp_path):
    pipe = tmp_path / records.RECORDS_FILE
    os.mkfifo(pipe)
    try:
        assert _within(5, lambda: records.read(tmp_path)) == [{}]
        assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]  # replaced by the file
    finally:
        _unblock(pipe)
    assert records.read(tmp_path) == {"rummy": (1, 1)}


def test_a_pipe_at_a_fixed_temporary_name_blocks_no_write(tmp_path):
    """The write went through 'records.json.part', the same name for every window: two windows writing at once
    interleaved their bytes there, and a pipe left at that name blocked the window."""
    pipe = tmp_path / "records.json.part"
    os.mkfifo(pipe)
    try:
        assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    finally:
        _unblock(pipe)
    assert records.read(tmp_path) == {"rummy": (1, 1)}
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.LOCK_FILE, "records.json", "records.json.part"]


def test_an_unwritable_place_keeps_the_count_of_this_game(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("")
    assert records.add(blocked, "rummy", True) == (1, 1)  # the folder is a file: nothing written, no error
    (tmp_path / records.RECORDS_FILE).mkdir()
    assert records.read(tmp_path) == {} and records.add(tmp_path, "rummy", False) == (0, 1)


def _count_games(folder: str, game: str, times: int) -> None:
    for _ in range(times):
        records.add(Path(folder), game, False)


def test_two_windows_counting_at_once_lose_no_game(tmp_path):
    """Two windows ended games at the same moment: each read the counts, raised its own and wrote the file whole,
    the later write dropping the earlier one's game. Under the lock every game counts."""
    import multiprocessing

    spawn = multiprocessing.get_context("spawn")
    games = ("rummy", "rummy", "krass")
    workers = [spawn.Process(target=_count_games, args=(str(tmp_path), game, 40)) for game in games]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert [w.exitcode for w in workers] == [0, 0, 0]
    assert records.read(tmp_path) == {"rummy": (0, 80), "krass": (0, 40)}
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]  # no half-written file left


def test_a_window_stalled_holding_the_lock_loses_no_game_and_keeps_no_one_waiting(tmp_path, monkeypatch):
    """One window read the counts under the lock and stalled 2.5 s before writing. The next window waited 2 s, took
    the lock as stale, wrote its game, and the first then wrote its own counts over it: one game lost, and the
    winner sheet frozen 2 s. Now the second window journals its game at once and both count."""
    real = records.replace_file
    stalled = threading.Event()

    def slow_first_write(path: Path, text: str) -> None:
        if not stalled.is_set():
            stalled.set()
            time.sleep(2.5)
        real(path, text)

    monkeypatch.setattr(records, "replace_file", slow_first_write)
    first = threading.Thread(target=lambda: records.add(tmp_path, "rummy", True), daemon=True)
    first.start()
    assert stalled.wait(5)
    began = time.monotonic()
    assert _within(5, lambda: records.add(tmp_path, "rummy", False)) == [(0, 1)]
    assert time.monotonic() - began < 1.0
    first.join(10)
    assert records.read(tmp_path) == {"rummy": (1, 2)}
    assert records.add(tmp_path, "krass", True) == (1, 1)  # the next count folds the journal into the file
    assert records.read(tmp_path) == {"rummy": (1, 2), "krass": (1, 1)}
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(records.PENDING_PREFIX)]


def test_a_journal_file_that_cannot_be_removed_is_not_counted_twice(tmp_path, monkeypatch):
    """A window folding the journal may die (or be refused) before its files are gone: the file names them."""
    with records.locked(tmp_path) as held:
        assert held
        assert records.add(tmp_path, "rummy", True) == (1, 1)  # the lock is held: journalled
        assert records.add(tmp_path, "rummy", False) == (1, 2)
    assert len([p for p in tmp_path.iterdir() if p.name.startswith(records.PENDING_PREFIX)]) == 2
    real_unlink = Path.unlink

    def refused(path: Path, missing_ok: bool = False) -> None:
        if path.name.startswith(records.PENDING_PREFIX):
            raise PermissionError(path)
        real_unlink(path, missing_ok)

    monkeypatch.setattr(Path, "unlink", refused)
    for n in (3, 4):
        assert records.add(tmp_path, "rummy", True) == (n - 1, n)
        assert records.read(tmp_path) == {"rummy": (n - 1, n)}
    monkeypatch.undo()
    assert records.add(tmp_path, "rummy", True) == (4, 5)
    assert records.add(tmp_path, "rummy", True) == (5, 6)
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.LOCK_FILE, "records.json"]
    assert records.FOLDED_KEY not in json.loads((tmp_path / records.RECORDS_FILE).read_text())


def test_a_lock_file_left_by_a_crashed_window_is_no_lock(tmp_path):
    """The OS lets a dead window's lock go: the file it leaves is taken at once (no 2 s staleness wait)."""
    (tmp_path / records.LOCK_FILE).write_text("")
    began = time.monotonic()
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    assert time.monotonic() - began < records.LOCK_WAIT_SECONDS
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.LOCK_FILE, "records.json"]


def test_no_lock_to_be_had_journals_the_game_at_once(tmp_path):
    """A folder or a pipe at the lock's name: no lock can be made, the game is journalled and counted."""
    (tmp_path / records.LOCK_FILE).mkdir()
    began = time.monotonic()
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    assert _within(5, lambda: records.add(tmp_path, "rummy", False)) == [(1, 2)]
    assert time.monotonic() - began < 1.0
    (tmp_path / records.LOCK_FILE).rmdir()
    os.mkfifo(tmp_path / records.LOCK_FILE)
    assert _within(5, lambda: records.add(tmp_path, "krass", True)) == [(1, 1)]
    assert records.read(tmp_path) == {"rummy": (1, 2), "krass": (1, 1)}
    pipe = tmp_path / f"{records.PENDING_PREFIX}pipe{records.PENDING_SUFFIX}"
    os.mkfifo(pipe)  # a pipe among the journal files is not read
    try:
        assert _within(5, lambda: records.read(tmp_path)) == [{"rummy": (1, 2), "krass": (1, 1)}]
    finally:
        _unblock(pipe)


def test_the_windows_lock_is_taken_through_msvcrt(tmp_path, monkeypatch):
    """The module imports where there is no fcntl (Windows) and locks through msvcrt.locking: loaded here with a
    stand-in msvcrt (byte locks as flock), a held lock journals the next window's game as on POSIX."""
    import fcntl
    import importlib.util
    import sys
    import types

    def locking(handle: int, mode: int, nbytes: int) -> None:
        assert nbytes == 1 and os.lseek(handle, 0, os.SEEK_CUR) == 0
        fcntl.flock(handle, fcntl.LOCK_UN if mode == fake.LK_UNLCK else fcntl.LOCK_EX | fcntl.LOCK_NB)

    fake = types.ModuleType("msvcrt")
    fake.LK_NBLCK, fake.LK_UNLCK = 2, 0  # type: ignore[attr-defined]
    fake.locking = locking  # type: ignore[attr-defined]
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl fails, as on Windows
    spec = importlib.util.spec_from_file_location("romme_table.records_on_windows", records.__file__)
    assert spec is not None and spec.loader is not None
    windows = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(windows)
    monkeypatch.undo()
    assert "fcntl" not in vars(windows)
    with windows.locked(tmp_path) as held:
        assert held
        assert windows.add(tmp_path, "rummy", True) == (1, 1)  # journalled: the lock is held
    assert windows.add(tmp_path, "rummy", True) == (2, 2)
    assert records.read(tmp_path) == {"rummy": (2, 2)}
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.LOCK_FILE, "records.json"]


def test_a_pipe_put_in_the_records_place_after_its_stat_does_not_hang(tmp_path, monkeypatch):
    """records.json swapped for a named pipe between the look at its kind and its reading: read_text waited for
    a writer that never comes (the start screen and the winner sheet read it)."""
    import pathlib

    pipe = tmp_path / records.RECORDS_FILE
    os.mkfifo(pipe)
    regular = tmp_path / "regular.json"
    regular.write_text(json.dumps({"rummy": {"won": 1, "played": 1}}))
    real_stat = pathlib.Path.stat
    monkeypatch.setattr(pathlib.Path, "stat", lambda p, **kw: real_stat(regular if p == pipe else p, **kw))
    try:
        assert _within(5, lambda: records.read(tmp_path)) == [{}], "the records read waited on a pipe"
    finally:
        _unblock(pipe)
