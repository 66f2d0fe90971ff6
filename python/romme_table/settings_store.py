"""The table's memory between sessions: the last start-screen settings and the autosaves.

Everything lives in one folder of the user's config dir ($XDG_CONFIG_HOME/romme, else
~/.config/romme). A missing, unreadable or corrupt settings file means the defaults: the
table must open whatever is on the disk, so reading never raises.
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from romme.bots import LEVELS
from romme.commands.gui import MAX_WINDOW, MIN_WINDOW
from romme.engine import list_games
from romme.errors import RulesError
from romme.rules import OPTIONS, PRESETS

from .animations import SPEEDS

SETTINGS_FILE = "table-settings.json"
MAX_SETTINGS_BYTES = 64_000  # a settings file is a few hundred bytes; anything bigger is not ours
MAX_NAME = 16
#: how a new table sorts the hand (O switches between them; the last one chosen is remembered)
HAND_SORTS = ("suit", "rank")
#: the bots' pause between moves, in seconds: + and - step it by BOT_DELAY_STEP within 0 .. BOT_DELAY_MOST
BOT_DELAY_STEP = 0.2
BOT_DELAY_MOST = 3.0


def config_dir() -> Path:
    """$XDG_CONFIG_HOME/romme, or ~/.config/romme (the folder may not exist yet)."""
    base = os.environ.get("XDG_CONFIG_HOME", "").strip()
    root = Path(base) if base and Path(base).is_absolute() else Path.home() / ".config"
    return root / "romme"


def saves_dir(folder: Path) -> Path:
    """Where the table keeps one save slot and one autosave per game, in the settings ``folder``."""
    return folder / "saves"


def autosave_path(folder: Path, game_id: str) -> Path:
    return folder / f"autosave-{game_id}.json"


@dataclass
class SeatChoice:
    name: str
    kind: str = "human"  # human or bot
    level: str = "greedy"


@dataclass
class Settings:
    """What the start screen remembers; every field already checked against the games."""

    lang: str = "en"
    game: str = "koenigs"
    seats: list[SeatChoice] = field(default_factory=list)  # empty: the game's default seats
    preset: str = "standard"
    options: dict[str, bool | int] = field(default_factory=dict)
    fullscreen: bool = False
    anim_speed: str = "normal"  # how fast the cards fly (animations.SPEEDS)
    sort_mode: str = "suit"  # the hand's order at a new table (HAND_SORTS): Königs-Rommé deals and draws unsorted
    bot_delay: float | None = None  # the bots' pause between moves as last set (+ / -); None: never set
    window: tuple[int, int] | None = None  # the window's size when it was last closed (not full screen)
    # per game its rules preset and house rules, as last chosen (picking another game kept them for one game only)
    house_rules: dict[str, tuple[str, dict[str, bool | int]]] = field(default_factory=dict)
    # per game its seats as last chosen (a bot's level set for one game was lost on a visit to another)
    game_seats: dict[str, list[SeatChoice]] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "lang": self.lang,
            "game": self.game,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
            "preset": self.preset,
            "options": dict(self.options),
            "fullscreen": self.fullscreen,
            "anim_speed": self.anim_speed,
            "sort_mode": self.sort_mode,
            "bot_delay": self.bot_delay,
            "window": list(self.window) if self.window else None,
            "house_rules": {
                game: {"preset": preset, "options": dict(options)}
                for game, (preset, options) in self.house_rules.items()
            },
            "game_seats": {
                game: [{"name": s.name, "kind": s.kind, "level": s.level} for s in seats]
                for game, seats in self.game_seats.items()
            },
        }


def _seat(raw: object) -> SeatChoice | None:
    if not isinstance(raw, dict):
        return None
    name, kind, level = raw.get("name"), raw.get("kind"), raw.get("level")
    if not isinstance(name, str) or not name.isprintable() or kind not in ("human", "bot") or level not in LEVELS:
        return None
    return SeatChoice(name[:MAX_NAME], str(kind), str(level))


def _seats(game: str, raw: object) -> list[SeatChoice]:
    """``game``'s seats, each one valid and as many as the game seats; anything else is no seats (its defaults)."""
    seats = [seat for seat in map(_seat, raw) if seat is not None] if isinstance(raw, list) else []
    lo, hi = list_games()[game]["players"]
    return seats if lo <= len(seats) <= hi else []


def _game_seats(raw: object) -> dict[str, list[SeatChoice]]:
    """Per game still known its seats, where they are still valid seats for it."""
    kept: dict[str, list[SeatChoice]] = {}
    if isinstance(raw, dict):
        for game, entry in raw.items():
            seats = _seats(game, entry) if game in list_games() else []
            if seats:
                kept[game] = seats
    return kept


def _options(game: str, raw: object) -> dict[str, bool | int]:
    """The options that still exist and still pass their check; the rest is dropped."""
    known = OPTIONS.get(game, {})
    checked: dict[str, bool | int] = {}
    if isinstance(raw, dict):
        for name, value in raw.items():
            if name in known:
                try:
                    checked[name] = known[name].check(value)
                except RulesError:
                    continue
    return checked


def _house_rules(raw: object) -> dict[str, tuple[str, dict[str, bool | int]]]:
    """Per game still known its preset (if it still exists) and the options that still pass their check."""
    kept: dict[str, tuple[str, dict[str, bool | int]]] = {}
    if isinstance(raw, dict):
        for game, entry in raw.items():
            preset = entry.get("preset") if isinstance(entry, dict) else None
            if game in list_games() and isinstance(preset, str) and preset in PRESETS.get(game, {}):
                kept[game] = (preset, _options(game, entry.get("options")))
    return kept


def _window(raw: object) -> tuple[int, int] | None:
    """[width, height] in pixels, each side as `--size` allows; anything else is no remembered size."""
    if not isinstance(raw, list) or len(raw) != 2:
        return None
    if not all(type(v) is int and MIN_WINDOW <= v <= MAX_WINDOW for v in raw):  # bool is no size
        return None
    return raw[0], raw[1]


def from_json(data: object) -> Settings:
    """Settings from parsed JSON: each field that is wrong falls back to its default alone."""
    s = Settings()
    if not isinstance(data, dict):
        return s
    if data.get("lang") in ("en", "de"):
        s.lang = data["lang"]
    if isinstance(data.get("game"), str) and data["game"] in list_games():
        s.game = data["game"]
    s.seats = _seats(s.game, data.get("seats"))
    if isinstance(data.get("preset"), str) and data["preset"] in PRESETS.get(s.game, {}):
        s.preset = data["preset"]
    s.options = _options(s.game, data.get("options"))
    s.fullscreen = data.get("fullscreen") is True
    if isinstance(data.get("anim_speed"), str) and data["anim_speed"] in SPEEDS:
        s.anim_speed = data["anim_speed"]
    if data.get("sort_mode") in HAND_SORTS:
        s.sort_mode = data["sort_mode"]
    s.bot_delay = _bot_delay(data.get("bot_delay"))
    s.window = _window(data.get("window"))
    s.house_rules = _house_rules(data.get("house_rules"))
    s.game_seats = _game_seats(data.get("game_seats"))
    return s


def _bot_delay(raw: object) -> float | None:
    """A remembered pause between the bots' moves, when it is one + and - could have set."""
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or not 0 <= raw <= BOT_DELAY_MOST:
        return None  # (NaN fails the range too)
    return round(float(raw), 1)


def load(folder: Path | None = None) -> Settings:
    """The remembered settings; the defaults when the file is missing, unreadable or corrupt."""
    return read(folder)[0]


def read(folder: Path | None = None) -> tuple[Settings, str | None]:
    """The remembered settings and, where the file was there but (partly) refused, one line saying what was
    refused and that the defaults stand in for it (None: nothing refused)."""
    path = (folder or config_dir()) / SETTINGS_FILE
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode):  # a pipe or a device would block the window's start or never end
            return Settings(), f"table settings {path}: not a regular file, not read: the defaults apply"
        if found.st_size > MAX_SETTINGS_BYTES:
            return Settings(), f"table settings {path}: over {MAX_SETTINGS_BYTES} bytes, not read: the defaults apply"
        text = read_regular_file(path, MAX_SETTINGS_BYTES)
        if text is None:
            return Settings(), f"table settings {path}: not a regular file, not read: the defaults apply"
        data = json.loads(text)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError, RecursionError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        return Settings(), f"table settings {path}: unreadable ({reason}): the defaults apply"
    settings = from_json(data)
    if not isinstance(data, dict):
        return settings, f"table settings {path}: not a JSON object: the defaults apply"
    kept = settings.to_json()
    refused = [name for name in kept if name in data and data[name] != kept[name]]
    if refused:
        return settings, f"table settings {path}: {', '.join(refused)} refused: the defaults apply for them"
    return settings, None


def read_regular_file(path: Path, limit: int) -> str | None:
    """``path``'s text when, once open, it is a regular file of at most ``limit`` bytes, else None (OSError,
    UnicodeDecodeError as reading raises them). Opened without blocking and looked at again once open: a named pipe
    put in place of the file since the caller's stat kept the open waiting for a writer, and the window hung."""
    handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(handle, "rb") as opened:
        found = os.fstat(handle)
        if not stat.S_ISREG(found.st_mode) or found.st_size > limit:
            return None
        data = opened.read(limit + 1)
    return data.decode("utf-8") if len(data) <= limit else None


def store(settings: Settings, folder: Path | None = None) -> str | None:
    """Writes the settings (atomically: a crash never leaves half a file); the reason on failure."""
    folder = folder or config_dir()
    path = folder / SETTINGS_FILE
    try:
        replace_file(path, json.dumps(settings.to_json(), ensure_ascii=False, indent=1) + "\n")
    except OSError as exc:
        return f"cannot save the table settings to {path}: {exc.strerror or exc}"
    return None


def replace_file(path: Path, text: str) -> None:
    """Writes ``text`` to ``path`` whole or not at all (its folder made where missing); OSError on failure.

    Through a fresh temporary name per write (O_EXCL) then a rename: a crash never leaves half a file, two windows
    writing at once each replace the file whole, and a pipe left at a fixed temporary name would block nothing."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, partial = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(partial, path)
    except BaseException:
        Path(partial).unlink(missing_ok=True)
        raise
