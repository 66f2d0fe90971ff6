"""Autosave: the game at the table is saved when the window closes, one file per game, and
the start screen offers to resume it. A finished game leaves no autosave behind."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from romme import save
from romme.engine import GameState
from romme.errors import RommeError
from romme.rules import PRESETS, Rules

from . import settings_store
from .controller import Controller, Seat
from .i18n import bot_names, default_name_in, t

if TYPE_CHECKING:
    from .scenes import SceneStack
    from .start_screen import StartModel


def table_controller(app: SceneStack) -> Controller | None:
    """The controller of the game on the table, if one is (under any sheet or question)."""
    for scene in reversed(app.stack):
        c = getattr(scene, "c", None)
        if isinstance(c, Controller):
            return c
    return None


def write(app: SceneStack) -> Path | None:
    """Saves the running game to its game's autosave file (the path), or removes that file when
    the game is over or nothing was played yet. Errors are swallowed: closing must never fail."""
    c = table_controller(app)
    if c is None:
        return None
    path = settings_store.autosave_path(app.save_dir, c.game_id)
    try:
        if c.state.is_over or not c.state.history:
            path.unlink(missing_ok=True)
            return None
        path.parent.mkdir(parents=True, exist_ok=True)
        seats = [{"name": s.name, "kind": s.kind, "level": s.level} for s in c.seats]
        return save.save(c.state, path, seats=seats)
    except (RommeError, OSError):
        return None


def forget(app: SceneStack, game_id: str) -> None:
    """The player left the game on purpose (N, not saved): an older autosave of this game goes too, so that
    Resume offers the game the player last left or none, never one given up before it."""
    try:
        settings_store.autosave_path(app.save_dir, game_id).unlink(missing_ok=True)
    except OSError:
        pass


def set_aside(path: Path) -> Path | None:
    """An autosave that cannot be resumed, moved to ``<its name>.broken`` (an older one there replaced): the Resume
    row and Start's question offered it again and again, each answer 'cannot resume'. Kept for a look; None when
    it cannot be moved (then it is offered again)."""
    aside = path.with_name(path.name + ".broken")
    try:
        os.replace(path, aside)
    except OSError:
        return None
    return aside


def _seats(saved: list[dict[str, object]], fallback: list[Seat], n: int) -> list[Seat]:
    """The seats written in the save, or the start screen's when they are missing or odd."""
    seats: list[Seat] = []
    for raw in saved:
        choice = settings_store._seat(raw)
        if choice is not None:
            seats.append(Seat(choice.name, choice.kind, choice.level))
    if len(seats) == n:
        return seats
    seats = list(fallback[:n])
    while len(seats) < n:
        seats.append(Seat("Bot 1", "bot", "greedy"))
    names = bot_names([s.kind for s in seats], [s.name for s in seats])  # 'Bot 1' the first computer
    return [Seat(name, s.kind, s.level) for name, s in zip(names, seats)]


def saved_seats(loaded: save.SavedGame, fallback: list[Seat], lang: str) -> list[Seat]:
    """The seats a save was made with (their names, humans and bots' levels), as Resume and L both restore them:
    the start screen's or the table's ``fallback`` only where the save holds none or odd ones; default names
    (You / Du, Player 2 / Spieler 2) follow this session's language."""
    seats = _seats(loaded.seats, fallback, loaded.state.num_players)
    return [Seat(default_name_in(s.name, i, lang), s.kind, s.level) for i, s in enumerate(seats)]


def _preset_of(state: GameState) -> str:
    """The preset closest to the saved game's rules (the fewest options differ; the table counts those)."""
    played = state.rules.options

    def differences(preset: str) -> int:
        options = Rules.make(state.game_id, preset).options
        return sum(1 for name, value in played.items() if options.get(name) != value)

    return min(PRESETS.get(state.game_id, {"standard": {}}), key=differences)


def resume(path: Path, model: StartModel, lang: str) -> tuple[Controller | None, str]:
    """A controller at the autosaved position, or None and the reason in one line; the default
    names of the seats follow the language of this session (You / Du, Player 2 / Spieler 2)."""
    try:
        loaded = save.load(path)
    except RommeError as exc:
        return None, t("resume_failed", lang, why=str(exc))
    state = loaded.state
    if state.game_id != model.game:
        return None, t("resume_failed", lang, why=f"{path.name} holds {state.game_id}")
    seats = saved_seats(loaded, model.seats, lang)
    c = Controller(state.game_id, seats, seed=state.seed, rules=state.rules, lang=lang, preset=_preset_of(state))
    c.replace_state(state)
    c.seed = state.seed
    return c, ""
