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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.json", "records.json.part"]  # no leftovers


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
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.json"]  # the lock is gone


def test_a_lock_left_by_a_crashed_window_is_taken_over(tmp_path):
    lock = tmp_path / records.LOCK_FILE
    lock.write_text("")
    old = time.time() - 10 * records.STALE_LOCK_SECONDS
    os.utime(lock, (old, old))
    began = time.monotonic()
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    assert time.monotonic() - began < records.LOCK_WAIT_SECONDS  # not waited out: removed as stale
    assert not lock.exists()


def test_a_lock_that_never_goes_is_waited_out_not_forever(tmp_path, monkeypatch):
    """A lock that cannot be removed (a folder at its name) and a fresh one held on: the count is written anyway
    after the wait."""
    monkeypatch.setattr(records, "LOCK_WAIT_SECONDS", 0.2)
    (tmp_path / records.LOCK_FILE).mkdir()
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    (tmp_path / records.LOCK_FILE).rmdir()
    (tmp_path / records.LOCK_FILE).write_text("")  # fresh: another window holds it
    assert _within(5, lambda: records.add(tmp_path, "rummy", False)) == [(1, 2)]
    assert (tmp_path / records.LOCK_FILE).exists()  # someone else's lock is not ours to remove


def test_a_folder_that_is_a_file_does_not_freeze_the_window(tmp_path):
    """The settings' place is a file: no lock can ever be made there, yet the window waited the whole
    ``LOCK_WAIT_SECONDS`` (3 s frozen on the winner sheet) at every game's end before giving up."""
    blocked = tmp_path / "file"
    blocked.write_text("")
    began = time.monotonic()
    assert _within(5, lambda: records.add(blocked, "rummy", True)) == [(1, 1)]
    assert time.monotonic() - began < records.LOCK_WAIT_SECONDS / 3


def test_a_lock_dated_ahead_of_the_clock_is_stale_too(tmp_path):
    """A lock left by a crashed window before the clock was set back lies in the future: it was never 'older than
    2 s', so every game's end waited 3 s and counted without the lock, until the clock caught up (here an hour)."""
    lock = tmp_path / records.LOCK_FILE
    lock.write_text("")
    ahead = time.time() + 3600
    os.utime(lock, (ahead, ahead))
    began = time.monotonic()
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    assert time.monotonic() - began < records.LOCK_WAIT_SECONDS / 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.json"]


def test_a_window_that_saw_a_stale_lock_never_removes_the_fresh_one_made_meanwhile(tmp_path, monkeypatch):
    """Two windows saw the same stale lock; one removed it and made its own; the other, a moment late, removed the
    path's lock too (now the fresh one) and took a second: both counted at once, one game lost. A window sees the
    lock stale here (its clock read once 10 s late), but what lies there is fresh: it must stay, the same file."""
    monkeypatch.setattr(records, "LOCK_WAIT_SECONDS", 0.2)
    lock = tmp_path / records.LOCK_FILE
    lock.write_text("")  # the other window's lock, made just now
    inode = lock.stat().st_ino
    real = time.time
    late = [real() + 10 * records.STALE_LOCK_SECONDS]  # the one look that found it stale

    monkeypatch.setattr(records.time, "time", lambda: late.pop() if late else real())
    assert _within(5, lambda: records.add(tmp_path, "rummy", True)) == [(1, 1)]
    assert lock.exists() and lock.stat().st_ino == inode  # the other window still holds its lock
    assert sorted(p.name for p in tmp_path.iterdir()) == [records.LOCK_FILE, "records.json"]  # nothing left aside
