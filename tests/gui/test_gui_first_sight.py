"""Headless: rough edges a player meets on a first look at the table (seen under Xvfb): Resume offers the game
last left, melds keep their places between turns, frames and buttons fit 800x600, the log speaks in one voice."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from gui_driver import human_turns, key, open_table, open_window, played_to_the_end, send, start_app

from romme.bots import make_bot
from romme_table import app as table_app
from romme_table import settings_store, table_pointer
from romme_table.button_help import button_help
from romme_table.controller import Controller, Seat
from romme_table.dialogs import ConfirmScene
from romme_table.layout import SELECTED_RAISE
from romme_table.move_log import log_lines
from romme_table.replayed import replayed
from romme_table.start_screen import StartScene
from romme_table.table_scene import TableScene


@pytest.fixture(scope="module")
def surface() -> Iterator[pygame.Surface]:
    yield from open_window((800, 600))


def _resume_items(app: object) -> list[str]:
    return [label for label, _ in app.top._items() if label.startswith("Resume")]  # type: ignore[attr-defined]


def _play_a_move(app: object, surface: pygame.Surface) -> None:
    c = app.top.c  # type: ignore[attr-defined]
    c.run_bots_until_human()
    key(app, pygame.K_d, surface)  # type: ignore[arg-type]
    assert c.state.history


def test_leaving_a_game_unsaved_drops_the_older_autosave(surface: pygame.Surface, tmp_path: Path) -> None:
    app = start_app(tmp_path, surface)
    key(app, pygame.K_RETURN, surface)
    _play_a_move(app, surface)
    table_app.close(app, app.stack[0].model)  # the window closed on this game: it is autosaved
    path = settings_store.autosave_path(tmp_path / "saves", "koenigs")
    assert path.is_file()

    again = start_app(tmp_path, surface)
    key(again, pygame.K_RETURN, surface)
    assert isinstance(again.top, ConfirmScene)  # a saved game waits: asked (test_gui_start_over_saved.py)
    key(again, pygame.K_n, surface)  # a new game, not the saved one
    assert isinstance(again.top, TableScene)
    _play_a_move(again, surface)
    key(again, pygame.K_n, surface)  # leave it
    assert isinstance(again.top, ConfirmScene)
    key(again, pygame.K_RETURN, surface)  # yes, without saving
    assert isinstance(again.top, StartScene)
    assert not path.exists() and _resume_items(again) == []  # the older game is no 'Resume'


#: third-person verbs: the log once mixed 'You: draw stock' with 'You: plays 5 3 4 (3-straight 5)'
THIRD_PERSON = re.compile(r"\b(plays|lays|takes|puts|draws|rebuilds|spielt|legt|nimmt|steckt|passt|zieht)\b")


@pytest.mark.parametrize("game", ["krass", "rummy", "koenigs", "romme"])
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_log_speaks_in_the_moves_own_voice(game: str, lang: str, surface: pygame.Surface, tmp_path: Path) -> None:
    c, _, _ = played_to_the_end(game, 3, 5, surface, tmp_path)
    notes = replayed(c.state, c.viewer, lang).notes
    lines = log_lines(game, c.state.history, [s.name for s in c.seats], lang, last=10_000, notes=notes)
    spoken = [line.split(": ", 1)[1] for line in lines if ": " in line]
    assert len(spoken) == len(c.state.history)
    assert [w for w in spoken if THIRD_PERSON.search(w)] == []


def test_long_german_rummy_buttons_are_read_whole_at_800x600(surface: pygame.Surface) -> None:
    """German Rummy at 800x600 cut 'G1 an G2 G3 G4 anlegen' to 'G1 an G2 G3 G4 an…' (whole only on hover):
    such a label takes two rows. The mouse resting on any button of the turns played names no cut label."""
    laid_off = 0
    for seed in (1, 2):
        names = [Seat("Du")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)]
        c = Controller("rummy", names, seed=seed, bot_delay=0.0, lang="de")
        app, scene = open_table(c, surface, (800, 600))
        helper = make_bot("rummy", "greedy", seed=3)
        for _ in human_turns(app, c, 120):
            lay = scene.compute_layout()
            labels = [label for label, _ in scene._buttons()]
            laid_off += sum(" anlegen" in label for label in labels)
            for rect, label in zip(lay.buttons, labels, strict=False):
                send(app, pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
                assert scene.tooltip == button_help(label, "de"), scene.tooltip  # no cut label, a fixed one's help
            assert c.play(helper.choose(c.state.clone())), c.message
    assert laid_off > 5


def test_the_solitaire_cards_take_the_room_at_800x600(surface: pygame.Surface) -> None:
    """The solitaire at 800x600 drew its eleven hands 38 px high under an empty opponents' row, with 70 px free
    under the last hand (the meld size shrank in coarse steps). Its hands now start at the top and fill the
    height: cards at least 44 px high, the last hand ending near the how-to line."""
    c = Controller("koenigs-solo", [Seat("You")], seed=2, bot_delay=0.0)
    app, scene = open_table(c, surface, (800, 600))
    lay = scene.compute_layout()
    heights = {r.h for rects in lay.melds for r in rects}
    assert len(lay.melds) == 11 and min(heights) >= 44, heights
    assert lay.melds[0][0].y < 20 and lay.meld_area.bottom - max(r.bottom for rects in lay.melds for r in rects) < 40


def test_the_new_meld_frame_stays_clear_of_a_raised_hand_card_at_800x600(surface: pygame.Surface) -> None:
    """Rommé at 800x600 (German): the 'neue Figur' frame and a draft meld's red frame on the table's last row
    ended at y 406-410 while a selected hand card stands from y 403: the raised card cut their bottom. On every
    turn of a game, with a card of the hand put in the draft, frames end above the raised hand."""
    names = [Seat("Du")] + [Seat(f"Bot {i}", "bot", "greedy") for i in (1, 2)]
    c = Controller("romme", names, seed=1, bot_delay=0.0, lang="de")
    app, scene = open_table(c, surface, (800, 600))
    helper = make_bot("romme", "greedy", seed=3)
    checked = 0
    for _ in human_turns(app, c, 300):
        if table_pointer.can_draft(scene) and len(c.hand()) > 2:
            table_pointer.add_to_draft(scene, [0], None)
            lay = scene.compute_layout()
            raised = min(r.y for r in lay.hand) - SELECTED_RAISE
            frames = [lay.new_meld, *(rects[0].unionall(rects[1:]).inflate(8, 8) for rects in lay.melds if rects)]
            assert max(f.bottom for f in frames) < raised, (frames, raised)
            checked += 1
            scene.draft.clear()
        assert c.play(helper.choose(c.state.clone())), c.message
    assert checked > 5
