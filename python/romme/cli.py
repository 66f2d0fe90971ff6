"""The ``romme`` command line (click).

Each subcommand lives in ``romme.commands.<name>`` and is loaded only when
used, so ``romme --help`` stays fast. Bad input exits with code 2 and one
line on stderr, never a traceback.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from typing import Any, NoReturn

import click

from . import __version__
from .errors import RommeError

#: subcommand name -> (module, attribute, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "solve": ("romme.commands.solve", "solve", "Analyse a hand (or a table) with the exact solvers."),
    "play": ("romme.commands.play", "play", "Play a game in the terminal against bots."),
    "simulate": ("romme.commands.simulate", "simulate", "Let bots play many games and sum up."),
    "replay": ("romme.commands.replay", "replay", "Print a saved game move by move."),
    "gui": ("romme.commands.gui", "gui", "Open the pygame table."),
    "games": ("romme.commands.games", "games", "List the games, their presets and rule options."),
    "ladder": ("romme.commands.ladder", "ladder", "Rate bots: every pairing plays, Elo with 95% intervals."),
}


class _NeverRaised(click.UsageError):
    pass


#: click 8.2+ raises this (a UsageError) for a group called without a command; older click prints the help
#: and exits 0 itself, and has no such class
_NO_ARGS_IS_HELP: type[click.UsageError] = getattr(click.exceptions, "NoArgsIsHelpError", _NeverRaised)


#: more arguments than any command reads (a solved hand is at most 110 cards): click takes each argument off the
#: front of its list, so its parsing time grows with their square (100,000 card tokens: 8 s before any answer)
MAX_ARGUMENTS = 12_000


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return [n for n, (mod, _, _) in COMMANDS.items() if importlib.util.find_spec(mod) is not None]

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in COMMANDS:
            return None
        mod, attr, _ = COMMANDS[name]
        if importlib.util.find_spec(mod) is None:
            return None
        cmd: click.Command = getattr(importlib.import_module(mod), attr)
        return cmd

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, COMMANDS[n][2]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Runs the CLI; every error becomes one line on stderr and exit code 2."""
        kwargs["standalone_mode"] = False
        given = kwargs.get("args", args[0] if args else None)
        given = sys.argv[1:] if given is None else given
        if len(given) > MAX_ARGUMENTS:
            fail(f"{len(given)} command-line arguments, at most {MAX_ARGUMENTS}")
        try:
            rv = super().main(*args, **kwargs)
        except _NO_ARGS_IS_HELP as exc:  # bare ``romme``: the help is the answer, not an error
            click.echo(exc.ctx.get_help() if exc.ctx is not None else exc.format_message())
            sys.exit(0)
        except click.exceptions.Abort:
            click.echo("romme: aborted", err=True)
            sys.exit(1)
        except click.ClickException as exc:
            fail(exc.format_message())
        except RommeError as exc:
            fail(str(exc))
        if isinstance(rv, int):
            sys.exit(rv)
        sys.exit(0)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="romme")
def main() -> None:
    """romme: Königs-Rommé, Rommé, 1x1-Rommé, Rummy and Krass Kariert."""


def fail(message: str) -> NoReturn:
    """Ends the command with exit code 2 and one line on stderr."""
    click.echo(f"romme: error: {message}", err=True)
    sys.exit(2)
