"""Click parameter types shared by the commands: values checked where they enter, so a bad one
ends the command with exit code 2 and one line naming the option (never a traceback later on)."""

from __future__ import annotations

import re
from typing import Any, cast

import click

from ..errors import RulesError, quote
from ..rng import check_seed
from ..table import MAX_TIME_BUDGET

_INTEGER = re.compile(r"[-+]?[0-9]+", re.ASCII)
#: The most digits an integer option is read with (far above every range, far below int()'s limit).
MAX_INTEGER_DIGITS = 18
# a plain decimal: no inf/nan words, no exponent (1e17), at most 12 digits on either side
_DECIMAL = re.compile(r"[+-]?(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})", re.ASCII)


#: The longest ``--seed``: the commands derive the seeds of games, seats and bots from it by
#: appending ``/<game>/<seat>``, which must stay within what :func:`romme.rng.check_seed` takes.
MAX_SEED_OPTION_CHARS = 200


class SeedType(click.ParamType[str]):
    """``--seed``: any text UTF-8 can encode, at most :data:`MAX_SEED_OPTION_CHARS` characters (the
    command line turns undecodable bytes such as ``$'\\xff'`` into lone surrogates, which no save
    file can hold), not empty and not only blanks: ``-s ""`` (an unset ``-s "$SEED"``) would deal one fixed
    game, the empty text's, where the caller meant what leaving ``--seed`` out gives: a new deal (play) or
    seed 0. Blanks around the seed are dropped, as every number option of the commands drops them: ``-s " 7"``
    (a padded ``$(wc -l < f)``, a pasted word) is seed 7, not the text " 7" that deals another game."""

    name = "seed"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not isinstance(value, str):
            self.fail(f"a seed is a text, got {quote(value)}", param, ctx)
        if not value.strip():
            blank = f"a seed is a number or a name, got {quote(value)} (leave --seed out for the default)"
            self.fail(blank, param, ctx)
        value = value.strip()
        if len(value) > MAX_SEED_OPTION_CHARS:
            self.fail(f"a seed has at most {MAX_SEED_OPTION_CHARS} characters, got {len(value)}", param, ctx)
        try:
            check_seed(value)
        except RulesError as exc:
            self.fail(str(exc), param, ctx)
        return value


class TimeBudgetType(click.ParamType[float]):
    """``--time-budget``: seconds, written with ASCII digits, above 0 and at most
    :data:`romme.table.MAX_TIME_BUDGET` (``inf``, ``nan``, ``1e17`` and ``-1`` are refused here:
    they overflowed the core's millisecond count or meant nothing)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        text = str(value).strip()
        if not _DECIMAL.fullmatch(text):
            self.fail(f"{quote(value)} is not a plain number of seconds (such as 2.5)", param, ctx)
        seconds = float(text)
        if not 0 < seconds <= MAX_TIME_BUDGET:
            self.fail(f"must be above 0 and at most {MAX_TIME_BUDGET:g} seconds, got {text}", param, ctx)
        return seconds


class AsciiIntRange(click.IntRange):
    """An integer option typed with ASCII digits only (``int()`` alone reads ``١`` as 1, and past
    4,300 digits it raises), at most :data:`MAX_INTEGER_DIGITS` of them; a range as
    :class:`click.IntRange` says what fits."""

    name = "integer"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, str):
            text = value.strip()
            if not _INTEGER.fullmatch(text):
                self.fail(f"{quote(value)} is not an integer (digits 0-9)", param, ctx)
            if len(text.lstrip("+-")) > MAX_INTEGER_DIGITS:
                self.fail(f"{quote(value)} is out of range (more than {MAX_INTEGER_DIGITS} digits)", param, ctx)
        # click's stubs type the value as int, but click hands the raw text here
        return super().convert(cast(Any, value), param, ctx)

    def _describe_range(self) -> str:
        # click describes a range without bounds as 'x<=None' in the help
        if self.min is None and self.max is None:
            return ""
        return super()._describe_range()


def ascii_int(min: int | None = None, max: int | None = None) -> AsciiIntRange:
    """The type of an integer option, optionally within ``min..max``."""
    return AsciiIntRange(min, max)


SEED = SeedType()
TIME_BUDGET = TimeBudgetType()


class ThinkType(click.ParamType[float]):
    """``--think SECONDS``: a positive plain decimal in ASCII digits (the master's thinking time a move)."""

    name = "seconds"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> float:
        from ..bots.master import check_think

        if isinstance(value, float):
            return check_think(value)
        text = str(value).strip()
        if not _DECIMAL.fullmatch(text):
            self.fail(f"{quote(value)} is not a number of seconds (digits 0-9, e.g. 0.5)", param, ctx)
        try:
            return check_think(float(text))
        except RulesError as exc:
            self.fail(str(exc), param, ctx)


THINK = ThinkType()
THINK_HELP = "Thinking time of the master bot a move, in seconds (default 1)."


class GameType(click.ParamType[str]):
    """A game as its id (``einmaleins``) or as the table and ``romme games`` name it (``1x1``, ``1x1-Rommé``,
    ``Krass Kariert``, ``Königs-Rommé``; any case, with or without accents): ``romme gui --game 1x1`` was refused
    with 'unknown game', though the window calls the game '1x1-Rommé'. An unknown name passes unchanged, for the
    command's own check to refuse with its list of games."""

    name = "game"

    def convert(self, value: object, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if not isinstance(value, str):
            self.fail(f"a game is a name, got {quote(value)}", param, ctx)
        return game_id_of(value)


def _plain(name: str) -> str:
    """A game's name folded for comparison: case, accents, spaces and dashes do not count."""
    folded = name.casefold().replace("ö", "oe").replace("é", "e").replace("è", "e")
    return re.sub(r"[\s_-]+", "", folded)


def game_id_of(name: str) -> str:
    """The id of the game called ``name`` (its id, its shown name, or ``1x1``), else ``name`` itself."""
    from ..cards import GAME_IDS
    from ..engine import list_games, spec

    if name in GAME_IDS:
        return name  # (an id as typed needs no game module: loading them all took a third of 'romme solve')
    wanted = _plain(name)
    for game_id in list_games():
        shown = spec(game_id).name
        if wanted in (_plain(game_id), _plain(shown), _plain(shown.replace("-Rommé", ""))):
            return game_id
    return name


GAME = GameType()


class TrimmedChoice(click.Choice[str]):
    """One of fixed words, blanks around it dropped as every number option and ``--seed`` drop them:
    ``--lang ' de'`` (a padded ``$(...)`` in a script) was refused as no choice while ``-s ' 7'`` is seed 7."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        return super().convert(value.strip() if isinstance(value, str) else value, param, ctx)
