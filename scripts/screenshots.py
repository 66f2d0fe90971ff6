"""Refreshes docs/screenshots/: every game's table mid-game, in English and German, at 1280x800
and 800x600, plus the start screen, a house rules page and a rules page at both sizes.

    SDL_VIDEODRIVER=dummy python3 scripts/screenshots.py
(or under Xvfb with a real display). The pictures are for a person to look at; names are
<what>-<lang>-<W>x<H>.png. Old pictures in the folder are removed first, so none goes stale.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))

import pygame  # noqa: E402 (after the SDL settings)

import romme  # noqa: E402
from romme_table.controller import Controller  # noqa: E402
from romme_table.demo import mid_game, seats_for  # noqa: E402 (python/ is on the path now)
from romme_table.dialogs import ScoreScene  # noqa: E402
from romme_table.house_rules import HouseRulesScene  # noqa: E402
from romme_table.rules_pages import RulesScene  # noqa: E402
from romme_table.scenes import Scene, SceneStack  # noqa: E402
from romme_table.start_screen import StartModel, StartScene  # noqa: E402
from romme_table.table_scene import TableScene  # noqa: E402

SIZES = [(1280, 800), (800, 600)]
LANGS = ["en", "de"]


def shoot(scenes: list[Scene], size: tuple[int, int], lang: str, path: Path) -> None:
    """Draws ``scenes`` stacked (the last on top) on a window-sized surface and saves it."""
    surface = pygame.Surface(size)
    app = SceneStack(size, lang)
    for scene in scenes:
        app.push(scene)
    app.draw(surface)
    pygame.image.save(surface, str(path))
    while app.stack:
        app.pop()
    print(path.relative_to(ROOT))


def start_model(game_id: str) -> StartModel:
    model = StartModel()
    model.set_game(game_id)
    return model


def played_to_the_grid(game_id: str, lang: str, game_over: bool) -> list[Scene]:
    """A table of bots played through the window's own loop until the score grid shows (the end of the
    second round, or of the whole game with its winner banner): the table and the grid over it. (Seed 9's
    first Königs-Rommé round ends 0 : 0 : 0, a grid with nothing to read.)"""
    c = Controller(game_id, seats_for(game_id, humans=0, level="greedy", lang=lang), seed=9, bot_delay=0.0, lang=lang)
    app = SceneStack((1280, 800), lang)
    table = TableScene(c)
    app.push(table)
    sheets = 0
    for _ in range(50000):
        app.update(0.0)
        sheets += isinstance(app.top, ScoreScene)
        if isinstance(app.top, ScoreScene) and (c.state.is_over or (not game_over and sheets >= 2)):
            return [table, app.top]
        if isinstance(app.top, ScoreScene):
            app.pop()  # the next round
        elif c._future is not None:
            c._future.result()
    raise SystemExit(f"{game_id}: no score grid after 50000 steps")


def main() -> None:
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    for w, h in SIZES:
        for lang in LANGS:
            tag = f"{lang}-{w}x{h}"
            for game_id in romme.engine.list_games():
                c = mid_game(game_id, lang=lang)
                shoot([TableScene(c)], (w, h), lang, out / f"{game_id}-{tag}.png")
            shoot([StartScene(start_model("romme"))], (w, h), lang, out / f"start-{tag}.png")
            romme_rules = start_model("romme")
            romme_rules.choose_preset("rauber")
            shoot([HouseRulesScene(romme_rules)], (w, h), lang, out / f"house-rules-romme-{tag}.png")
            shoot([StartScene(start_model("krass")), RulesScene("krass")], (w, h), lang, out / f"rules-krass-{tag}.png")
            shoot(played_to_the_grid("koenigs", lang, False), (w, h), lang, out / f"score-grid-koenigs-{tag}.png")
            shoot(played_to_the_grid("rummy", lang, True), (w, h), lang, out / f"winner-rummy-{tag}.png")
    pygame.quit()


if __name__ == "__main__":
    main()
