"""The picture of a ladder: each bot's Elo rating as a dot with its 95 % interval as a bar.

Drawn with matplotlib when it is installed, else with pygame-ce (the ``gui`` extra), which draws text and
saves PNG without a window. Without either, ``--plot`` is refused with one line saying what to install.
"""

from __future__ import annotations

import importlib
import os
from typing import Any

from .errors import RommeError, RulesError, quote

WIDTH, HEIGHT = 800, 120


def check_plot_path(path: str) -> None:
    """Refuses a picture path whose folder does not exist (before a long ladder is played)."""
    named = quote(path, 80)  # a hostile path is named, not repeated whole
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise RulesError(f"cannot write the picture {named}: no folder {quote(folder, 80)}")
    if os.path.isdir(path):
        raise RulesError(f"cannot write the picture {named}: it is a folder")
    # an empty name, a device, a read-only or pseudo file system ('/proc/x.png') failed only after the whole ladder
    # was played: a file is made there now (and taken away again if it was not there before)
    if os.path.exists(path) and not os.path.isfile(path):
        raise RulesError(f"cannot write the picture {named}: it is not a regular file")
    # (the file a link that leads nowhere yet would make is the one to take away, not the link)
    made = os.path.realpath(path)
    existed = os.path.exists(made)
    try:
        with open(path, "ab"):
            pass
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RulesError(f"cannot write the picture {named}: {reason}") from None
    if not existed:
        os.remove(made)


def plot_ratings(summary: dict[str, Any], path: str) -> str:
    """Writes the PNG to ``path``; returns ``path``. :class:`RommeError` if it cannot be written."""
    ratings = summary["ratings"]
    title = f"{summary['game']}: {summary['games']} games, seed {summary['seed']}"
    try:
        importlib.import_module("matplotlib")
        have_matplotlib = True
    except ImportError:
        have_matplotlib = False
    try:
        if have_matplotlib:
            _with_matplotlib(ratings, title, path)
        else:
            _with_pygame(ratings, title, path)
    except OSError as exc:
        raise RommeError(f"cannot write the picture {path!r}: {exc.strerror or exc}") from None
    return path


def _with_matplotlib(ratings: list[dict[str, Any]], title: str, path: str) -> None:
    importlib.import_module("matplotlib").use("Agg")  # optional: typed as Any, no stubs needed
    plt: Any = importlib.import_module("matplotlib.pyplot")

    fig, ax = plt.subplots(figsize=(8, 1 + 0.5 * len(ratings)))
    ys = list(range(len(ratings)))[::-1]
    for y, r in zip(ys, ratings):
        ax.errorbar(r["elo"], y, xerr=[[r["elo"] - r["low"]], [r["high"] - r["elo"]]], fmt="o", capsize=4)
    ax.set_yticks(ys, [r["bot"] for r in ratings])
    ax.set_xlabel("Elo (mean 0), 95% interval")
    ax.set_title(title)
    ax.axvline(0, color="grey", lw=0.5)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def _with_pygame(ratings: list[dict[str, Any]], title: str, path: str) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        raise RulesError("--plot needs matplotlib or pygame-ce: pip install 'romme[gui]'") from None
    pygame.font.init()
    font = pygame.font.Font(None, 22)
    row, left, right, top = 34, 160, 40, 50
    height = top + row * len(ratings) + 50
    surface = pygame.Surface((WIDTH, height))
    surface.fill((255, 255, 255))
    lo = min(r["low"] for r in ratings)
    hi = max(r["high"] for r in ratings)
    span = max(hi - lo, 1.0)
    lo, hi = lo - 0.05 * span, hi + 0.05 * span

    def x_of(elo: float) -> int:
        return int(left + (elo - lo) / (hi - lo) * (WIDTH - left - right))

    black, blue, grey = (0, 0, 0), (31, 119, 180), (170, 170, 170)
    surface.blit(font.render(title, True, black), (10, 12))
    if lo < 0 < hi:
        pygame.draw.line(surface, grey, (x_of(0), top - 10), (x_of(0), top + row * len(ratings)))
    for i, r in enumerate(ratings):
        y = top + row * i + row // 2
        surface.blit(font.render(str(r["bot"])[:20], True, black), (10, y - 8))
        pygame.draw.line(surface, blue, (x_of(r["low"]), y), (x_of(r["high"]), y), 2)
        for end in (r["low"], r["high"]):
            pygame.draw.line(surface, blue, (x_of(end), y - 6), (x_of(end), y + 6), 2)
        pygame.draw.circle(surface, blue, (x_of(r["elo"]), y), 5)
        label = f"{r['elo']:.0f} [{r['low']:.0f}, {r['high']:.0f}]"
        surface.blit(font.render(label, True, black), (x_of(r["elo"]) - 30, y - 22))
    axis_y = top + row * len(ratings) + 10
    pygame.draw.line(surface, black, (left, axis_y), (WIDTH - right, axis_y))
    for k in range(6):
        elo = lo + (hi - lo) * k / 5
        pygame.draw.line(surface, black, (x_of(elo), axis_y), (x_of(elo), axis_y + 5))
        surface.blit(font.render(f"{elo:.0f}", True, black), (x_of(elo) - 12, axis_y + 8))
    surface.blit(font.render("Elo (mean 0), 95% interval", True, black), (WIDTH // 2 - 90, axis_y + 26))
    try:
        pygame.image.save(surface, path)
    except pygame.error as exc:  # pygame reports a file it cannot write as its own error type
        raise RommeError(f"cannot write the picture {path!r}: {exc}") from None
