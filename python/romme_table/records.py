"""The player's record at this computer: per game, the games played to their end against the bots and the games
won, kept in ``records.json`` beside the settings; the winner sheet shows it ('your Rummy record: 3 won of 5').

Only a game with one person at the table counts (a hot-seat game has no one record), and only once: when its
last move is played at the table (a finished game loaded or its sheet shown again adds nothing). A missing or
unreadable file counts as no games yet; writing never fails the window.

Two windows may end a game at the same moment. ``records.json`` is read, raised and written whole only under an
OS file lock (``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows) on ``.records.flock``: the system lets it
go when its window dies, so no lock is ever stale and none is broken. A window that cannot have the lock within
``LOCK_WAIT_SECONDS`` (another one counting, or stalled, or a lock that cannot be made) does not wait on: it
writes its game alone to a journal file of its own (``records-pending-*.json``), which ``read`` adds in and the
next count under the lock folds into ``records.json``. The names folded are kept in the file (``FOLDED_KEY``)
until their journal files are gone, so a window that dies between the two steps counts no game twice. A journal
file no count can read (damaged, or another version's) stays where it is, uncounted, and the start screen names it
(``unreadable``)."""

from __future__ import annotations

import json
import os
import stat
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from .settings_store import read_regular_file, replace_file

#: the file of the records, in the settings' folder
RECORDS_FILE = "records.json"
#: a records file is some bytes per game; anything bigger is not ours (and is not read into memory)
MAX_RECORDS_BYTES = 64_000
#: more games than anyone plays: a count above it is an odd entry (its digits would not fit the sheet)
MAX_GAMES = 10**9
#: the file the OS lock is taken on; it stays (removing a lock file lets two windows lock two files)
LOCK_FILE = ".records.flock"
#: a count takes milliseconds: the longest the winner sheet waits for the lock before journalling its game
LOCK_WAIT_SECONDS = 0.2
#: a game counted without the lock: ``PENDING_PREFIX`` + a name of its own + ``PENDING_SUFFIX``
PENDING_PREFIX = "records-pending-"
PENDING_SUFFIX = ".json"
#: a journal entry is a game's name and a flag; a bigger file is not ours
MAX_PENDING_BYTES = 256
#: readable journal files counted in one read or fold (the rest wait for the next fold)
MAX_PENDING = 1000
#: the key in ``records.json`` listing the journal files already folded in (no game's name starts with '~')
FOLDED_KEY = "~folded"

if sys.platform == "win32":
    import msvcrt

    def _try_lock(handle: int) -> bool:
        """The first byte of ``handle``'s file locked for this window, or False when another window holds it."""
        try:
            os.lseek(handle, 0, os.SEEK_SET)
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: int) -> None:
        os.lseek(handle, 0, os.SEEK_SET)
        msvcrt.locking(handle, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: int) -> bool:
        """``handle``'s file locked for this window, or False when another window holds it."""
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True

    def _unlock(handle: int) -> None:
        fcntl.flock(handle, fcntl.LOCK_UN)


def _read_file(folder: Path) -> tuple[dict[str, tuple[int, int]], set[str]]:
    """``records.json``'s counts per game (odd entries left out) and the journal names folded into them. Neither a
    pipe nor a huge or deeply nested file is read: the window must open and close whatever lies on the disk."""
    path = folder / RECORDS_FILE
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_RECORDS_BYTES:
            return {}, set()
        text = read_regular_file(path, MAX_RECORDS_BYTES)
        if text is None:
            return {}, set()
        raw = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return {}, set()
    if not isinstance(raw, dict):
        return {}, set()
    folded = raw.get(FOLDED_KEY)
    names = {n for n in folded if isinstance(n, str)} if isinstance(folded, list) else set()
    kept: dict[str, tuple[int, int]] = {}
    for game, entry in raw.items():
        if (
            game != FOLDED_KEY
            and isinstance(entry, dict)
            and all(type(entry.get(k)) is int for k in ("won", "played"))
            and 0 <= entry["won"] <= entry["played"] <= MAX_GAMES
        ):
            kept[str(game)] = (entry["won"], entry["played"])
    return kept, names


#: journal files opened in one scan; the rest are looked at by the next scans (the start screen scans again at
#: once): a folder of thousands of broken files keeps each scan within a few tens of milliseconds
MAX_OPENS = 200


class Survey(NamedTuple):
    """One look at the journal: the games found per file name, the names of the files no count can read, and how
    many files this look left for the next (past ``MAX_OPENS``)."""

    found: dict[str, tuple[str, bool]]
    unread: list[str]
    unlooked: int


#: per folder, per journal file name: the file's identity when read (inode, size, modification time) and what it
#: held (None: unreadable). A file seen again as the same is not opened again, so broken files cost one look, not
#: one every scan; one written anew is read again, whether under a new inode (a journal is written whole and
#: renamed) or in place (a copy from a backup over it)
_VERDICTS: dict[str, dict[str, tuple[tuple[int, int, int], tuple[str, bool] | None]]] = {}


def _verdict(path: str) -> tuple[str, bool] | None:
    """The game a journal file counts and whether it was won, or None when no count can read it (not a file, too
    big, not JSON, a format this version does not know)."""
    try:
        seen = os.lstat(path)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size > MAX_PENDING_BYTES:
            return None
        # (read without blocking and checked again once open: a pipe put in its place since the lstat would hang
        # the window)
        text = read_regular_file(Path(path), MAX_PENDING_BYTES)
        if text is None:
            return None
        raw = json.loads(text)
    except (OSError, ValueError, RecursionError):
        return None
    if isinstance(raw, dict) and isinstance(raw.get("game"), str) and type(raw.get("won")) is bool:
        return raw["game"], raw["won"]
    return None


def _identity(entry: os.DirEntry[str]) -> tuple[int, int, int] | None:
    """A journal file's inode, size and modification time, or None when it is gone."""
    try:
        seen = entry.stat(follow_symlinks=False)
    except OSError:
        return None
    return seen.st_ino, seen.st_size, seen.st_mtime_ns


def _scan(folder: Path) -> Survey:
    """The journal: per file name, the game counted there and whether it was won; and the names of the journal
    files that cannot be read. Broken files do not take the room of readable ones: up to ``MAX_PENDING`` readable
    files are found however many broken ones lie beside them (a thousand broken files hid every game journalled
    after them, and were said to be 999)."""
    found: dict[str, tuple[str, bool]] = {}
    unread: list[str] = []
    try:
        with os.scandir(folder) as listing:
            entries = sorted(
                (e.name, _identity(e))
                for e in listing
                if e.name.startswith(PENDING_PREFIX) and e.name.endswith(PENDING_SUFFIX)
            )
    except OSError:
        return Survey(found, unread, 0)
    before = _VERDICTS.get(str(folder), {})
    kept: dict[str, tuple[tuple[int, int, int], tuple[str, bool] | None]] = {}
    opens = unlooked = 0
    for name, identity in entries:
        if identity is None:
            continue  # folded and removed since the listing
        if len(found) >= MAX_PENDING:
            break  # the rest wait for a fold (not for the next look: it would find the same, every frame)
        known = before.get(name)
        if known is not None and known[0] == identity:
            verdict = known[1]
        elif opens >= MAX_OPENS:
            unlooked += 1
            continue
        else:
            opens += 1
            path = os.path.join(folder, name)
            verdict = _verdict(path)
            if verdict is None and not os.path.lexists(path):
                continue  # folded and removed meanwhile
        kept[name] = (identity, verdict)
        if verdict is None:
            unread.append(name)
        else:
            found[name] = verdict
    _VERDICTS[str(folder)] = kept
    return Survey(found, unread, unlooked)


def _pending(folder: Path) -> dict[str, tuple[str, bool]]:
    """The journal: per file name, the game counted there and whether it was won (odd files left out)."""
    return _scan(folder).found


def unreadable(folder: Path) -> list[str]:
    """The journal files no count can read (the start screen says so: their games are not in the records)."""
    return _scan(folder).unread


def _plus(counts: dict[str, tuple[int, int]], game: str, won: bool) -> None:
    """One more game of ``game`` in ``counts`` (a count at ``MAX_GAMES`` stays there)."""
    before_won, before_played = counts.get(game, (0, 0))
    if before_played < MAX_GAMES:
        counts[game] = (before_won + int(won), before_played + 1)


def _counted(
    counts: dict[str, tuple[int, int]], folded: set[str], journal: dict[str, tuple[str, bool]]
) -> dict[str, tuple[int, int]]:
    """``counts`` with the journal's games not yet folded in added."""
    total = dict(counts)
    for name, (game, won) in journal.items():
        if name not in folded:
            _plus(total, game, won)
    return total


def read(folder: Path) -> dict[str, tuple[int, int]]:
    """Per game: (won, played), the journal's games included; games with an odd entry are left out."""
    return survey(folder)[0]


def survey(folder: Path) -> tuple[dict[str, tuple[int, int]], Survey]:
    """``read``'s counts and the look at the journal they were made from (its unreadable files, what it left for
    the next look): the start screen reads the folder once for both."""
    journal = _scan(folder)  # first: a fold meanwhile names these in the file read next, counted once
    counts, folded = _read_file(folder)
    # A journal file gone by now was folded into some records.json; the one just read may have been written by a
    # later fold that no longer names it (its file was gone when that fold began): counting it again would show
    # the game twice until the next read. Any still there when the file was read is named in it if counted.
    still = {name: entry for name, entry in journal.found.items() if (folder / name).exists()}
    return _counted(counts, folded, still), journal


@contextmanager
def locked(folder: Path) -> Iterator[bool]:
    """Holds the records' OS lock while the block runs (True), or runs it without (False) when the lock is not had
    within ``LOCK_WAIT_SECONDS`` or cannot be made (no folder, no right to write there, something not a file at
    its name)."""
    handle = -1
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle = os.open(folder / LOCK_FILE, os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o600)
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            os.close(handle)
            handle = -1
    except OSError:
        if handle >= 0:
            os.close(handle)
        handle = -1
    held = False
    if handle >= 0:
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        held = _try_lock(handle)
        while not held and time.monotonic() < deadline:
            time.sleep(0.01)
            held = _try_lock(handle)
    try:
        yield held
    finally:
        if handle >= 0:
            try:
                if held:
                    _unlock(handle)
            except OSError:
                pass
            os.close(handle)


def _journal(folder: Path, game_id: str, won: bool) -> bool:
    """Writes one game to a journal file of this window's own name (whole or not at all): True when written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=".records-", suffix=".tmp", dir=folder)
    except OSError:
        return False
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(json.dumps({"game": game_id, "won": won}))
        os.replace(partial, folder / f"{PENDING_PREFIX}{uuid.uuid4().hex}{PENDING_SUFFIX}")
    except OSError:
        Path(partial).unlink(missing_ok=True)
        return False
    return True


def _fold(folder: Path, game_id: str, won: bool) -> dict[str, tuple[int, int]] | None:
    """Under the lock: the journal and this game folded into ``records.json``, the journal files then removed.
    The new counts, or None when the file could not be written (nothing changed)."""
    journal = _pending(folder)
    counts, folded = _read_file(folder)
    total = _counted(counts, folded, journal)
    _plus(total, game_id, won)
    data: dict[str, object] = {game: {"won": w, "played": p} for game, (w, p) in sorted(total.items())}
    if journal:
        data[FOLDED_KEY] = sorted(journal)  # every journal file still there: folded now or before
    try:
        replace_file(folder / RECORDS_FILE, json.dumps(data, indent=1))
    except OSError:
        return None
    for name in journal:
        try:
            (folder / name).unlink()
        except OSError:
            pass  # named in FOLDED_KEY: never counted again
    return total


def add(folder: Path, game_id: str, won: bool) -> tuple[int, int]:
    """One more game of ``game_id`` played (and won): the new (won, played). Folded into the file under the lock,
    else written to the journal: a game another window counts meanwhile is kept, and the window never waits
    longer than ``LOCK_WAIT_SECONDS``."""
    with locked(folder) as held:
        total = _fold(folder, game_id, won) if held else None
    if total is None:
        before = read(folder)
        _journal(folder, game_id, won)
        _plus(before, game_id, won)
        total = before
    return total.get(game_id, (int(won), 1))
