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
        fail(f"the table needs pygame-ce and frontend/ ({exc.name} missing): "
             "pip install -e '.[gui]', or play in the terminal with `romme play`")
    return romme_table


@click.command()
@click.option("--lang", type=click.Choice(["en", "de"]), default="en", help="Language of the table.")
@click.option("--game", default=None, help="Game preselected on the start screen.")
@click.option("--size", default="1100x720", help="Window size WxH.")
def gui(lang: str, game: str | None, size: str) -> None:
    """Open the pygame table: every game against bots or friends."""
    table = _load_frontend()
    reason = table.no_display_reason()  # type: ignore[attr-defined]
    if reason:
        fail(f"{reason}; `romme gui` needs a display — play in the terminal with `romme play GAME`")
    try:
        w, h = (int(v) for v in size.lower().split("x"))
    except ValueError:
        fail(f"bad --size {size!r}: expected WxH, e.g. 1100x720")
    try:
        table.run((w, h), lang=lang, game=game)  # type: ignore[attr-defined]
    except RuntimeError as exc:
        fail(f"{exc}; play in the terminal with `romme play GAME`")
