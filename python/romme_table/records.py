"""The player's record at this computer: per game, the games played to their end against the bots and the games
won, kept in ``records.json`` beside the settings; the winner sheet shows it ('your Rummy record: 3 won of 5').

Only a game with one person at the table counts (a hot-seat game has no one record), and only once: when its
last move is played at the table (a finished game loaded or its sheet shown again adds nothing). A missing or
unreadable file counts as no games yet; writing never fails the window.

Two windows may end a game at the same moment: each count is read, raised and written under a lock file (made
with O_EXCL, so one window at a time), else one window's game was lost. A lock left by a crashed window is stale
after ``STALE_LOCK_SECONDS`` and removed; a lock that cannot be had within ``LOCK_WAIT_SECONDS`` is passed by (the
count is written anyway): the window never waits longer."""

from __future__ import annotations

import json
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .settings_store import replace_file

#: the file of the records, in the settings' folder
RECORDS_FILE = "records.json"
#: a records file is some bytes per game; anything bigger is not ours (and is not read into memory)
MAX_RECORDS_BYTES = 64_000
#: more games than anyone plays: a count above it is an odd entry (its digits would not fit the sheet)
MAX_GAMES = 10**9
#: the lock file beside the records while one window counts a game
LOCK_FILE = ".records.lock"
#: a count takes milliseconds: a lock this old was left by a window that died holding it
STALE_LOCK_SECONDS = 2.0
#: the longest a window waits for the lock before it writes without it
LOCK_WAIT_SECONDS = 3.0


def read(folder: Path) -> dict[str, tuple[int, int]]:
    """Per game: (won, played); games with an odd entry are left out. Neither a pipe nor a huge or deeply nested
    file is read: the window must open and close whatever lies on the disk."""
    path = folder / RECORDS_FILE
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_RECORDS_BYTES:
            return {}
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return {}
    if not isinstance(raw, dict):
        return {}
    kept: dict[str, tuple[int, int]] = {}
    for game, entry in raw.items():
        if (
            isinstance(entry, dict)
            and all(type(entry.get(k)) is int for k in ("won", "played"))
            and 0 <= entry["won"] <= entry["played"] <= MAX_GAMES
        ):
            kept[str(game)] = (entry["won"], entry["played"])
    return kept


@contextmanager
def locked(folder: Path) -> Iterator[bool]:
    """Holds the records' lock file while the block runs (True), or runs it without the lock (False) when the lock
    is not had within ``LOCK_WAIT_SECONDS`` or cannot be made (no folder, no right to write there)."""
    lock = folder / LOCK_FILE
    deadline = time.monotonic() + LOCK_WAIT_SECONDS
    held = False
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        deadline = 0.0  # no folder to lock in (a file at its name, no right to make it): no lock will come
    while not held and time.monotonic() < deadline:
        try:
            os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
            held = True
        except FileExistsError:
            if not _broke_stale(lock):
                time.sleep(0.01)
        except OSError:
            break
    try:
        yield held
    finally:
        if held:
            try:
                lock.unlink()
            except OSError:
                pass


def _stale(found: os.stat_result) -> bool:
    """A lock file left by a window that died holding it: older than ``STALE_LOCK_SECONDS``, or dated ahead of the
    clock by as much (made before the clock was set back: it would block every count until the clock caught up)."""
    return stat.S_ISREG(found.st_mode) and abs(time.time() - found.st_mtime) > STALE_LOCK_SECONDS


def _broke_stale(lock: Path) -> bool:
    """Removes ``lock`` if it is stale: True when it went (or was gone), so the caller tries to take it at once.

    Moved aside to a name of this window's own before it is removed, and looked at again there: two windows that
    both saw the stale lock cannot remove the fresh lock one of them made meanwhile (removing by name could: both
    would hold the lock). A fresh lock moved aside by mistake is linked back, unless a new one stands there."""
    try:
        if not _stale(lock.lstat()):
            return False
        aside = lock.with_name(f"{LOCK_FILE}.{os.getpid()}-{time.monotonic_ns()}")
        os.rename(lock, aside)
    except FileNotFoundError:
        return True  # gone meanwhile: the next try takes it
    except OSError:
        return False  # not ours to move: waited out
    try:
        if not _stale(aside.lstat()):
            os.link(aside, lock)  # another window's fresh lock: back in its place
    except OSError:
        pass  # a new lock already stands at the name: the one moved aside goes
    finally:
        aside.unlink(missing_ok=True)
    return True


def add(folder: Path, game_id: str, won: bool) -> tuple[int, int]:
    """One more game of ``game_id`` played (and won): the new (won, played), written to the file; read and written
    under the lock, so a game another window counts meanwhile is kept."""
    with locked(folder):
        records = read(folder)
        before_won, before_played = records.get(game_id, (0, 0))
        records[game_id] = (before_won + int(won), before_played + 1)
        data = {game: {"won": w, "played": p} for game, (w, p) in sorted(records.items())}
        try:
            replace_file(folder / RECORDS_FILE, json.dumps(data, indent=1))
        except OSError:
            pass
    return records[game_id]
