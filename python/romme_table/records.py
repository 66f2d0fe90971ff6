"""The player's record at this computer: per game, the games played to their end against the bots and the games
won, kept in ``records.json`` beside the settings; the winner sheet shows it ('your Rummy record: 3 won of 5').

Only a game with one person at the table counts (a hot-seat game has no one record), and only once: when its
last move is played at the table (a finished game loaded or its sheet shown again adds nothing). A missing or
unreadable file counts as no games yet; writing never fails the window."""

from __future__ import annotations

import json
from pathlib import Path

#: the file of the records, in the settings' folder
RECORDS_FILE = "records.json"


def read(folder: Path) -> dict[str, tuple[int, int]]:
    """Per game: (won, played); games with an odd entry are left out."""
    try:
        raw = json.loads((folder / RECORDS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(raw, dict):
        return {}
    kept: dict[str, tuple[int, int]] = {}
    for game, entry in raw.items():
        if (
            isinstance(entry, dict)
            and all(type(entry.get(k)) is int for k in ("won", "played"))
            and 0 <= entry["won"] <= entry["played"]
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
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / RECORDS_FILE
        partial = path.with_suffix(".json.part")
        partial.write_text(json.dumps(data, indent=1), encoding="utf-8")
        partial.replace(path)
    except OSError:
        pass
    return records[game_id]
