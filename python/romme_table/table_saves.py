"""Saving and loading at the table: one save slot per game in the window's saves folder (S and L)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from romme.errors import RommeError

from .dialogs import ConfirmScene
from .i18n import game_name, t
from .replayed import replayed
from .rounds import round_marker

if TYPE_CHECKING:
    from .table_scene import TableScene


def save_path(scene: TableScene) -> Path:
    """One save slot per game."""
    return scene.app.save_dir / f"romme-table-{scene.c.game_id}.json"


def save_game(scene: TableScene) -> None:
    from romme import save

    c, path = scene.c, save_path(scene)
    try:
        seats = [{"name": st.name, "kind": st.kind, "level": st.level} for st in c.seats]
        path.parent.mkdir(parents=True, exist_ok=True)  # the saves folder of a first session
        save.save(c.state, path, seats=seats)
        c.message = t("saved", c.lang, path=path)
    except (RommeError, OSError) as exc:  # shown to the player, the game goes on
        c.message = str(exc)


def ask_load(scene: TableScene) -> None:
    """L: loading replaces the running game, so a game in progress asks first."""
    c, path = scene.c, save_path(scene)
    if not path.exists():
        c.message = t("no_save", c.lang, game=game_name(c.game_id, c.lang), path=path)
        return
    if c.state.history and not c.state.is_over:
        scene.app.push(ConfirmScene(t("load_q", c.lang), lambda: load_game(scene)))
    else:
        load_game(scene)


def load_game(scene: TableScene) -> None:
    from romme import save

    c, path = scene.c, save_path(scene)
    try:
        loaded = save.load(path)
    except RommeError as exc:
        c.message = str(exc)
        return
    if loaded.state.game_id != c.game_id or loaded.state.num_players != len(c.seats):
        c.message = t("wrong_save", c.lang, path=path, n=loaded.state.num_players)
        return
    c.replace_state(loaded.state)
    c.seed = loaded.state.seed
    past = replayed(c.state, c.viewer, c.lang, c.alone())  # the replay replace_state made for the round ends
    scene.book = past.book  # the loaded game's rounds, each a row as if watched
    scene._rounds_seen = len(scene.book.rows)
    scene._seen_moves, scene._hand_seen = len(c.state.history), c.hand()
    scene._deal_seen = round_marker(c.observation())  # the loaded deal's: its first draw is not read as a new deal
    scene._viewer, scene._seen_by_viewer = c.viewer, {}
    scene.draft.clear()
    scene.anim.skip()
    scene.log_notes = past.notes
    scene._table_seen = c.melds()
    scene.shown_over = loaded.state.is_over
    scene.layout = None
    c.message = t("loaded", c.lang, path=path)
