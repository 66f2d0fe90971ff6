"""Save files: a game is its rules, seed, seats and move log (JSON).

Format (``romme-save`` version 1), one JSON object::

    {"format": "romme-save", "version": 1, "game": "koenigs", "players": 3,
     "seed": 7, "rules": {...changed options...}, "seats": [{"name": ..., "bot": ...}],
     "moves": [{"kind": "draw", "player": 0, "source": "stock"}, ...],
     "checksum": "sha256:<hex>"}

The checksum is SHA-256 over the canonical JSON (sorted keys, no spaces) of
every other field, so an edited file is detected. Saving writes a temp file in
the target directory and ``os.replace``-s it (atomic on POSIX and Windows).
Loading parses, checks the checksum, validates the rules and replays every
move (at most :data:`MAX_SAVE_MOVES`); any failure raises :class:`SaveFileError` naming the problem, and only a
fully replayed state is ever returned. The format has no extension fields: a
field besides these, in the file or in a move (a field the move's game does not
read, ``GameState.move_from_json``), is refused, named with the move's number.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import stat
import tempfile
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine import GameState, new_game
from .errors import RommeError, SaveFileError, quote

FORMAT = "romme-save"
VERSION = 1
#: A save holds a move log of some kilobytes (a 50,000-move game of bots is under 5 MiB)
MAX_SAVE_BYTES = 64 * 2**20
#: The longest move log a save holds, and so the move cap of ``romme simulate`` (twice the longest game the project
#: plays).
#: 64 MiB hold about a million Rommé moves: loading them took 10 s of CPU and ``romme replay`` printed them for three
#: minutes (100,000: 1 s and 18 s).
MAX_SAVE_MOVES = 100_000
_FIELDS = ("format", "version", "game", "players", "seed", "rules", "seats", "moves")
#: The most seats a save writes, and fields of one seat: a game seats at most 7 players, a seat is a name and a bot
#: (seats given as a generator that never ends were read for ever, the list growing without bound).
MAX_SEATS = 100


@dataclass
class SavedGame:
    """A loaded save: the replayed state and the seat descriptions."""

    state: GameState
    seats: list[dict[str, Any]] = field(default_factory=list)


def _canonical(data: Mapping[str, Any]) -> bytes:
    return json.dumps({k: data[k] for k in _FIELDS}, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode(
        "utf-8"
    )


def checksum(data: Mapping[str, Any]) -> str:
    """``sha256:<hex>`` over the canonical form of a save's content fields."""
    return "sha256:" + hashlib.sha256(_canonical(data)).hexdigest()


def to_json(state: GameState, seats: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The save-file object of a state (with its checksum)."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_id,
        "players": state.num_players,
        "seed": state.seed,
        "rules": state.rules.changed(),
        "seats": _seat_entries(seats) if seats else [],
        "moves": [m.to_json() for m in state.history],
    }
    data["checksum"] = checksum(data)
    return data


def _seat_entries(seats: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The seats as a save writes them, read with a bound; ValueError or TypeError for what is not a short list of
    mappings (``save`` names it)."""
    entries = []
    for seat in itertools.islice(seats, MAX_SEATS + 1):
        if not isinstance(seat, Mapping):
            raise TypeError(f"a seat is a mapping, got {quote(seat)}")
        fields = list(itertools.islice(seat.items(), MAX_SEATS + 1))
        if len(fields) > MAX_SEATS:
            raise ValueError(f"a seat holds at most {MAX_SEATS} fields, got more")
        entries.append(dict(fields))
    if len(entries) > MAX_SEATS:
        raise ValueError(f"a save holds at most {MAX_SEATS} seats, got more")
    return entries


def save(state: GameState, path: str | os.PathLike[str], seats: Sequence[Mapping[str, Any]] | None = None) -> Path:
    """Writes ``state`` to ``path`` atomically (temp file + ``os.replace``).

    :class:`SaveFileError` names why a file cannot be written (a missing folder, a directory or a device in
    the way, no permission, a full disk); the file that was there before, if any, is left as it was.
    """
    target = _save_path(path)
    if not isinstance(state, GameState):
        raise SaveFileError(f"save() writes a GameState, got {quote(state)}")
    try:
        # a save is standard JSON: NaN and Infinity are not (JSON readers other than Python refuse the file)
        text = json.dumps(to_json(state, seats), ensure_ascii=False, indent=1, allow_nan=False) + "\n"
    except (TypeError, ValueError, RecursionError) as exc:
        raise SaveFileError(f"seats are a list of mappings of JSON values (name, bot): {exc}") from None
    in_the_way = _what_is_in_the_way(target)
    if in_the_way:
        raise SaveFileError(f"{_path_text(target)}: cannot save: {in_the_way}")
    directory = target.parent if str(target.parent) else Path(".")
    try:
        _write_atomically(text, target, directory)
    except OSError as exc:
        raise SaveFileError(f"{_path_text(target)}: cannot save: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise SaveFileError(f"{quote(str(target))}: cannot save: {exc}") from None
    return target


def _save_path(path: object) -> Path:
    """``path`` as a Path; :class:`SaveFileError` for what names no file: not a str or os.PathLike of str, or
    empty (Path('') is '.', and an unset ``--load "$FILE"`` was told '.: cannot read: Is a directory')."""
    try:
        text = os.fspath(path)  # type: ignore[call-overload]  # any object: its TypeError is the answer
    except TypeError:
        text = None
    if not isinstance(text, str):
        raise SaveFileError(f"a save path is a str or os.PathLike of str, got {quote(path)}")
    if not text:
        raise SaveFileError("a save path is empty: name the file")
    return Path(text)


def _path_text(path: Path) -> str:
    """A path as error messages name it: as typed, or quoted and cut short when it is long or holds control codes."""
    text = str(path)
    return text if len(text) <= 200 and text.isprintable() else quote(text, 200)


def _what_is_in_the_way(path: Path) -> str | None:
    """Why ``path`` holds something a save must not replace (None: nothing there, or a regular file).

    os.replace would put the save in place of anything: run as root, 'save /dev/null' made the device a
    regular file; on a directory it says only "Is a directory" (on Windows "Access is denied")."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):  # nothing there, a name too long, a NUL: the write below says why
        return None
    if stat.S_ISDIR(mode):
        return "it is a directory"
    if not stat.S_ISREG(mode):
        return "it is not a regular file (a device, pipe or socket)"
    return None


def _write_atomically(text: str, target: Path, directory: Path) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def from_json(data: Any, source: str = "save") -> SavedGame:
    """Checks and replays a save object; :class:`SaveFileError` if anything is wrong."""
    try:
        return _checked_and_replayed(data, source)
    except RecursionError:  # a value nested thousands of levels deep (repr, json.dumps and == recurse)
        raise SaveFileError(f"{source}: a value is nested too deeply") from None


def _checked_and_replayed(data: Any, source: str) -> SavedGame:
    if not isinstance(data, dict):
        raise SaveFileError(f"{source}: not a romme save (expected a JSON object)")
    missing = [k for k in (*_FIELDS, "checksum") if k not in data]
    if missing:
        raise SaveFileError(f"{source}: missing field(s) {', '.join(missing)}")
    unknown = [k for k in data if k not in (*_FIELDS, "checksum")]
    if unknown:  # outside the checksum: an extra field would pass unseen
        fields = ", ".join((*_FIELDS, "checksum"))
        raise SaveFileError(f"{source}: unknown field {quote(unknown[0])} (a save holds {fields})")
    if data["format"] != FORMAT:
        raise SaveFileError(f"{source}: format {quote(data['format'])} is not {FORMAT!r}")
    if type(data["version"]) is not int or data["version"] != VERSION:  # true and 1.0 equal 1 in Python
        raise SaveFileError(f"{source}: version {quote(data['version'])} is not supported (only {VERSION})")
    if isinstance(data["moves"], list) and len(data["moves"]) > MAX_SAVE_MOVES:
        raise SaveFileError(f"{source}: {len(data['moves']):,} moves, more than a save holds ({MAX_SAVE_MOVES:,})")
    try:
        expected = checksum(data)
    except (TypeError, ValueError) as exc:
        raise SaveFileError(f"{source}: content cannot be checked: {exc}") from None
    if data["checksum"] != expected:
        raise SaveFileError(f"{source}: checksum mismatch: the file was changed or is corrupt")
    if not isinstance(data["moves"], list) or not isinstance(data["seats"], list):
        raise SaveFileError(f"{source}: moves and seats must be lists")
    if not isinstance(data["rules"], dict):
        raise SaveFileError(f"{source}: rules must be an object")
    seed = data["seed"]
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise SaveFileError(f"{source}: seed must be an integer or a string, got {quote(seed)}")
    try:
        state = new_game(str(data["game"]), players=data["players"], seed=seed, rules=data["rules"])
    except (RommeError, TypeError, ValueError) as exc:
        raise SaveFileError(f"{source}: bad game header: {exc}") from None
    for i, m in enumerate(data["moves"], 1):
        if not isinstance(m, dict):
            raise SaveFileError(f"{source}: move {i} is not an object: {quote(m)}")
        try:
            state.apply(state.move_from_json(m))
        except (RommeError, KeyError, TypeError, ValueError) as exc:
            raise SaveFileError(f"{source}: move {i} ({quote(m, 120)}) does not replay: {exc}") from None
    return SavedGame(state, [dict(s) for s in data["seats"] if isinstance(s, dict)])


def read_at_most(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of a file, a pipe or a device.

    Opened without blocking: a plain open() of a pipe no one writes to waits for a writer for ever
    ('romme replay PIPE' hung); once open, reads block as usual, so a pipe without a writer reads as empty
    and a process substitution (``romme replay <(...)``) still works."""
    nonblocking = getattr(os, "O_NONBLOCK", 0)  # POSIX only (Windows has no such pipes to open)
    fd = os.open(path, os.O_RDONLY | nonblocking)
    try:
        if nonblocking:
            os.set_blocking(fd, True)
        f = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with f:
        return f.read(size)


def load(path: str | os.PathLike[str]) -> SavedGame:
    """Reads, verifies and replays a save file."""
    p = _save_path(path)
    name = _path_text(p)
    try:
        raw = read_at_most(p, MAX_SAVE_BYTES + 1)  # never all of /dev/zero
    except OSError as exc:
        raise SaveFileError(f"{name}: cannot read: {exc.strerror or exc}") from None
    except ValueError as exc:  # a NUL in the path
        raise SaveFileError(f"{quote(str(p))}: cannot read: {exc}") from None
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{name}: larger than {MAX_SAVE_BYTES // 2**20} MiB, not a romme save")
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveFileError(f"{name}: not a romme save (JSON nested too deeply)") from None
    except ValueError as exc:  # bad UTF-8, bad JSON, a number past int()'s digit limit
        raise SaveFileError(f"{name}: not valid JSON: {exc}") from None
    return from_json(data, name)
