"""``romme gui``: open the pygame table (frontend/romme_table)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import click

from ..cli import fail


def _load_frontend() -> object:
    """Imports romme_table, from the install or from the source tree's frontend/."""
    if importlib.util.find_spec("romme_table") is None:
        src = Path(__file__).resolve().parents[3] / "frontend"
        if (src / "romme_table").is_dir():
            sys.path.insert(0, str(src))
    try:
        import romme_table  # type: ignore[import-not-found,unused-ignore]  # found at run time
    except ModuleNotFoundError as exc:
        fail(
            f"the table needs pygame-ce and frontend/ ({exc.name} missing): "
            "pip install -e '.[gui]', or play in the terminal with `romme play`"
        )
    return romme_table


def _check_game(game: str | None) -> None:
    """An unknown --game is refused here, before any window opens."""
    from ..engine import games

    if game is not None and game not in games():
        fail(f"unknown game {game!r} for --game; games: {', '.join(games())}")


def _check_seed(seed: str | None) -> int | str | None:
    """--seed S: every game at the table deals as game S (digits are a number, other text a name)."""
    if seed is None:
        return None
    if not seed or len(seed) > 100 or not seed.isprintable():
        fail(f"bad --seed {seed!r}: expected a number or a short name")
    return int(seed) if seed.isascii() and seed.isdigit() else seed


@click.command()
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="Language of the table.")
@click.option("--game", default=None, help="Game preselected on the start screen.")
@click.option("--size", default="1100x720", help="Window size WxH.")
@click.option("--seed", default=None, help="Replay this deal (the number shown at the table); default: a new one.")
def gui(lang: str, game: str | None, size: str, seed: str | None) -> None:
    """Open the pygame table: every game against bots or friends."""
    _check_game(game)
    fixed_seed = _check_seed(seed)
    table = _load_frontend()
    reason = table.no_display_reason()  # type: ignore[attr-defined]
    if reason:
        fail(f"{reason}; `romme gui` needs a display — play in the terminal with `romme play GAME`")
    try:
        w, h = (int(v) for v in size.lower().split("x"))
    except ValueError:
        fail(f"bad --size {size!r}: expected WxH, e.g. 1100x720")
    try:
        table.run((w, h), lang=lang, game=game, seed=fixed_seed)  # type: ignore[attr-defined]
    except RuntimeError as exc:
        fail(f"{exc}; play in the terminal with `romme play GAME`")
