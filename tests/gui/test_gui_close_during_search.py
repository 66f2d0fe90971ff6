"""Headless: the window closes at once while a hint or a bot's move is still searched.

Played in the window (Räuber-Rommé with wrap_around late in a deal: a whole-table hint of a second or more): the
window closed while the hint was searched, and the process went on until the search ended (a worker thread that
the interpreter waits for at its exit). Here the search is held for a minute: the table is opened in a process of
its own, H pressed (or a bot set to move), the window closed as the loop closes it, and the process must end within
seconds.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: the table opened, the search held, the window closed as :func:`romme_table.app.run` closes it
SCRIPT = textwrap.dedent(
    """
    import sys, threading, time
    import pygame
    from gui_driver import key, open_table
    from romme_positions import position
    from pathlib import Path
    from romme_table import app as table_app, hint_moves, hints, settings_store
    from romme_table.controller import Controller, Seat

    held = threading.Event()
    started = threading.Event()

    def slow(*args):
        started.set()
        held.wait(60)  # a search far longer than the closing may take
        raise RuntimeError("the search was waited for")

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1100, 720))
    st = position(["5d 9d", "4c 4c 4h"], table=("5h 6h 7h 8h 9h", "5s 6s 7s 8s 9s"), rauber=True, target=1)
    which = sys.argv[1]
    seats = [Seat("You"), Seat("Bot 1", "bot", "greedy")]
    c = Controller("romme", seats, seed=1, rules=st.rules, bot_delay=0.0, lang="en")
    c.replace_state(st)
    if which == "hint":
        hints.hint = slow
        hint_moves.HINT_WAIT = 0.0
    app, scene = open_table(c, surface)
    folder = Path(sys.argv[2])
    app.settings_dir, app.save_dir = folder, folder / "saves"
    model = table_app.start_model(None, None, "en", settings_store.load(folder))
    if which == "hint":
        key(app, pygame.K_h, surface)
        assert c.hint_pending()
    else:
        c.bots[1].choose = slow
        assert c.play(next(m for m in c.state.legal_moves() if m.to_json().get("kind") == "discard"))
        c.poll_bots()
    assert started.wait(10), "no search started"
    table_app.close(app, model)
    pygame.quit()
    print("closed", flush=True)
    """
)


@pytest.mark.parametrize("which", ["hint", "bot"])
def test_closing_the_window_does_not_wait_for_the_search(which: str, tmp_path: Path) -> None:
    helpers = [str(ROOT / "python"), str(ROOT / "tests" / "helpers")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(helpers), "SDL_VIDEODRIVER": "dummy"}
    start = time.monotonic()
    try:
        command = [sys.executable, "-c", SCRIPT, which, str(tmp_path)]
        out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("the process waited for the search after the window closed")
    assert out.returncode == 0 and out.stdout.strip() == "closed", out.stderr
    assert time.monotonic() - start < 25  # (the held search alone takes 60 s)
