"""``romme gui``: open the pygame table (python/romme_table)."""

from __future__ import annotations

import re

import click

from ..cli import fail
from ..errors import RulesError, quote
from ..rng import check_seed
from .params import GAME, SEED, TrimmedChoice

#: The sides `--size` accepts, in pixels (a window asked below the smallest table, 640x420, opens at that size);
#: the table's settings store remembers a window size only within them.
MIN_WINDOW, MAX_WINDOW = 200, 10000

def _load_frontend() -> object:
    """Imports romme_table, the table package that ships beside ``romme`` (it needs pygame-ce)."""
    try:
        import romme_table  # type: ignore[import-not-found,unused-ignore]  # optional: the gui extra
    except ModuleNotFoundError as exc:
        fail(
            f"the table needs pygame-ce ({exc.name} missing): pip install 'romme[gui]', "
            "or play in the terminal with `romme play`"
        )
    return romme_table


def _check_game(game: str | None) -> None:
    """An unknown --game is refused here, before any window opens."""
    from ..engine import list_games

    if game is not None and game not in list_games():
        fail(f"unknown game {quote(game)} for --game; games: {', '.join(list_games())}")


def _check_seed(seed: str | None) -> int | str | None:
    """--seed S: every game at the table deals as game S (digits are a number, other text a name). ``S``
    comes checked and trimmed as every command's ``--seed`` (params.SEED); the table shows it, so it is also
    short and printable here."""
    if seed is None:
        return None
    if len(seed) > 100 or not seed.isprintable():
        fail(f"bad --seed {quote(seed)}: expected a number or a short name")
    value = int(seed) if seed.isascii() and seed.isdigit() else seed
    try:  # a number past 64 bits was taken here and refused only by the game the first Play click started
        return check_seed(value)
    except RulesError as exc:
        fail(f"bad --seed {quote(seed)}: {exc}")


def _check_size(size: str) -> tuple[int, int]:
    """--size WxH, each side MIN_WINDOW..MAX_WINDOW pixels."""
    match = re.fullmatch(r"([0-9]{1,5})x([0-9]{1,5})", size.strip().lower())
    if match is None or not all(MIN_WINDOW <= int(v) <= MAX_WINDOW for v in match.groups()):
        fail(
            f"bad --size {size[:40]!r}: expected WxH with sides of {MIN_WINDOW} to {MAX_WINDOW} pixels, "
            "e.g. 1100x720"
        )
    return int(match.group(1)), int(match.group(2))


@click.command()
@click.option(
    "--lang", type=TrimmedChoice(["en", "de"]), default=None, help="Language of the table (default: the last one used)."
)
@click.option("--game", type=GAME, default=None, help="Game preselected on the start screen.")
@click.option("--size", default=None, help="Window size WxH (default: the size it was last closed at, else 1100x720).")
@click.option(
    "--seed", type=SEED, default=None, help="Replay a game's cards (its game no. at the table); default: a new shuffle."
)
def gui(lang: str | None, game: str | None, size: str | None, seed: str | None) -> None:
    """Open the pygame table: every game against bots or friends.

    F1 shows the rules, F11 switches to full screen. The last settings and a game left open are
    kept in $XDG_CONFIG_HOME/romme (else ~/.config/romme) and offered again next time.
    """
    _check_game(game)
    fixed_seed = _check_seed(seed)
    window = None if size is None else _check_size(size)
    table = _load_frontend()
    reason = table.no_display_reason()  # type: ignore[attr-defined]
    if reason:
        fail(f"{reason}; `romme gui` needs a display — play in the terminal with `romme play GAME`")
    try:
        table.run(window, lang=lang, game=game, seed=fixed_seed)  # type: ignore[attr-defined]
    except RuntimeError as exc:
        fail(f"{exc}; play in the terminal with `romme play GAME`")
    table.exit_past_searches()  # type: ignore[attr-defined]  # (a hint or a bot still searching: no abort at exit)
