"""Saving and loading at the table: one save slot per game in the window's saves folder (S and L).

A save replays exactly (seed and move log), so loading a save of the running game from before a card a
player has since drawn from the stock would deal that card again: the player could look at the stock and
take the draw back, which Undo never allows. The table marks such a save spent at the draw (a file beside
it holding the save's hash, so a new game or a restart does not undo the mark) and refuses to load it; a new
save (S) replaces it and loads again; the autosave is written at the draw. RULES-NOTES.md, "The pygame table".
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING

from romme import save
from romme.engine import GameState
from romme.errors import RommeError

from . import autosave
from .dialogs import ConfirmScene
from .i18n import game_name, t
from .replayed import replayed
from .rounds import round_marker

if TYPE_CHECKING:
    from .table_scene import TableScene


def save_path(scene: TableScene) -> Path:
    """One save slot per game."""
    return scene.app.save_dir / f"romme-table-{scene.c.game_id}.json"


def spent_path(scene: TableScene) -> Path:
    """The mark beside the save slot: the hash of a save a stock draw has gone past."""
    return save_path(scene).with_suffix(".spent")


#: The most of a spent mark read: a SHA-256 digest in hex and a newline fit; a larger file is no mark.
MAX_MARK_BYTES = 128


def _save_hash(path: Path) -> str | None:
    # read as save.load reads the slot (a pipe opened without blocking, at most what a save may hold): a pipe
    # there blocked the window at L or at a stock draw, and a link to /dev/zero filled its memory
    try:
        raw = save.read_at_most(path, save.MAX_SAVE_BYTES + 1)
    except (OSError, ValueError):
        return None
    return None if len(raw) > save.MAX_SAVE_BYTES else hashlib.sha256(raw).hexdigest()


def is_spent(scene: TableScene) -> bool:
    """Whether the save slot holds a save marked spent: loading it would take back a seen stock draw."""
    try:
        mark = save.read_at_most(spent_path(scene), MAX_MARK_BYTES + 1).decode("ascii").strip()
    except (OSError, ValueError):  # (UnicodeDecodeError and a NUL in the path are ValueErrors)
        return False
    if len(mark) > MAX_MARK_BYTES:
        return False
    return bool(mark) and mark == _save_hash(save_path(scene))


def _slot_is_behind(scene: TableScene) -> bool:
    """Whether the save slot holds an earlier position of the running game: its game, seats, seed and
    rules, and its moves the first moves of the running game's."""
    run, path = scene.c.state, save_path(scene)
    if not path.is_file() or not _head_is_behind(path, run):
        return False
    try:
        saved = save.load(path).state
    except RommeError:
        return False
    # (its game, seats, seed and fewer moves are the header's, checked above)
    if dict(saved.rules.options) != dict(run.rules.options):
        return False
    return [m.to_json() for m in saved.history] == [m.to_json() for m in run.history[: len(saved.history)]]


def _head_is_behind(path: Path, run: GameState) -> bool:
    """Whether the save's header could be of an earlier position of ``run`` (its game, seats and seed, and fewer
    moves), read without replaying the save: this is asked at every stock draw of a human, and the slot may hold
    a long game of another deal (a 5 MiB save of 50,000 bots' moves was replayed whole at each draw)."""
    try:
        if path.stat().st_size > save.MAX_SAVE_BYTES:
            return False
        head = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    if not isinstance(head, dict) or not isinstance(head.get("moves"), list):
        return False
    same = (head.get("game"), head.get("players"), head.get("seed")) == (run.game_id, run.num_players, run.seed)
    return same and len(head["moves"]) < len(run.history)


def note_stock_draw(scene: TableScene) -> None:
    """A human drew from the stock (the controller tells): a save of this game from before it is spent, and in a
    window of its own (a settings folder) the autosave is written now, so that neither L nor Resume after a
    crash or a killed window deals the seen card again (the autosave was written only at a clean close)."""
    if scene.app.settings_dir is not None:  # (tests without one keep their folders clean)
        autosave.write(scene.app)
    if is_spent(scene) or not _slot_is_behind(scene):
        return
    digest = _save_hash(save_path(scene))
    if digest is not None:
        try:
            spent_path(scene).write_text(digest + "\n", encoding="ascii")
        except OSError:  # the mark is a courtesy to fair play: a read-only folder never stops the game
            pass


def save_game(scene: TableScene) -> None:
    c, path = scene.c, save_path(scene)
    try:
        seats = [{"name": st.name, "kind": st.kind, "level": st.level} for st in c.seats]
        path.parent.mkdir(parents=True, exist_ok=True)  # the saves folder of a first session
        save.save(c.state, path, seats=seats)
        spent_path(scene).unlink(missing_ok=True)  # the new save is nobody's take-back
        scene.saved_as = saved_position(scene)
        c.message = t("saved", c.lang, path=path)
    except (RommeError, OSError) as exc:  # shown to the player, the game goes on
        c.message = str(exc)


def saved_position(scene: TableScene) -> tuple[int, tuple[str, ...]]:
    """The game on the table as a save holds it: its state's number and its moves."""
    return scene.c.state_serial, tuple(str(m) for m in scene.c.state.history)


def is_saved(scene: TableScene) -> bool:
    """Whether the slot holds the game as it stands: S saved it (or L loaded it) and no move came since (play-test
    V5: N right after S asked to leave a game 'lost unless saved')."""
    return scene.saved_as == saved_position(scene)


def ask_load(scene: TableScene) -> None:
    """L: loading replaces the running game, so a game in progress asks first."""
    c, path = scene.c, save_path(scene)
    if not path.exists():
        c.message = t("no_save", c.lang, game=game_name(c.game_id, c.lang), path=path)
        return
    if is_spent(scene):
        c.message = t("save_spent", c.lang)
        return
    if c.state.history and not c.state.is_over:
        scene.app.push(ConfirmScene(t("load_q", c.lang), lambda: load_game(scene)))
    else:
        load_game(scene)


def load_game(scene: TableScene) -> None:
    c, path = scene.c, save_path(scene)
    if is_spent(scene):  # (a question open while a stock card was drawn)
        c.message = t("save_spent", c.lang)
        return
    try:
        loaded = save.load(path)
    except RommeError as exc:
        c.message = str(exc)
        return
    if loaded.state.game_id != c.game_id:  # (the slot is named for its game: only an edited file is another's)
        c.message = t("wrong_save", c.lang, path=path.name, game=game_name(loaded.state.game_id, c.lang))
        return
    # the save holds its seats, as Resume restores them: a save of three seats loads at a table of two
    # (play-test T9: it was refused, and the player had to start a game of three only to replace it)
    c.seats = autosave.saved_seats(loaded, c.seats, c.lang)
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
    scene._table_seen, scene._stands_seen = c.melds(), c.stands()
    scene.shown_over = loaded.state.is_over
    scene.layout = None
    scene.saved_as = saved_position(scene)
    c.message = t("loaded", c.lang, path=path.name)  # the file's name: the whole path filled the status line
