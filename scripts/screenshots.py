"""Renders each game's table mid-game to docs/screenshots/<game>.png.

    SDL_VIDEODRIVER=dummy PYTHONPATH=python python3 scripts/screenshots.py
(or under Xvfb with a real display). The pictures are for a person to look at.
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
from romme_table.demo import mid_game  # noqa: E402 (python/ is on the path now)
from romme_table.scenes import SceneStack, TableScene  # noqa: E402


def main() -> None:
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    size = (1200, 760)
    surface = pygame.display.set_mode(size)
    for game_id in romme.engine.games():
        for lang in ("en", "de"):
            c = mid_game(game_id)
            c.lang = lang
            app = SceneStack(size, lang)
            scene = TableScene(c)
            app.push(scene)
            scene.draw(surface)
            path = out / f"{game_id}{'' if lang == 'en' else '-de'}.png"
            pygame.image.save(surface, str(path))
            print(path)
            app.pop()
    pygame.quit()


if __name__ == "__main__":
    main()
