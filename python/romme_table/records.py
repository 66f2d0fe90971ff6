"""The player's record at this computer: per game, the games played to their end against the bots and the games
won, kept in ``records.json`` beside the settings; the winner sheet shows it ('your Rummy record: 3 won of 5').

Only a game with one person at the table counts (a hot-seat game has no one record), and only once: when its
last move is played at the table (a finished game loaded or its sheet shown again adds nothing). A missing or
unreadable file counts as no games yet; writing never fails the window."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from .settings_store import replace_file

#: the file of the records, in the settings' folder
RECORDS_FILE = "records.json"
#: a records file is some bytes per game; anything bigger is not ours (and is not read into memory)
MAX_RECORDS_BYTES = 64_000
#: more games than anyone plays: a count above it is an odd entry (its digits would not fit the sheet)
MAX_GAMES = 10**9


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


def add(folder: Path, game_id: str, won: bool) -> tuple[int, int]:
    """One more game of ``game_id`` played (and won): the new (won, played), written to the file."""
    records = read(folder)
    before_won, before_played = records.get(game_id, (0, 0))
    records[game_id] = (before_won + int(won), before_played + 1)
    data = {game: {"won": w, "played": p} for game, (w, p) in sorted(records.items())}
    try:
        replace_file(folder / RECORDS_FILE, json.dumps(data, indent=1))
    except OSError:
        pass
    return records[game_id]
